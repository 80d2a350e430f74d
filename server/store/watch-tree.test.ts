import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { makeTmpDirs, until } from "@/test/support/temp-project";
import { atomicWrite } from "./json-store";
import { type TreeWatcher, watchTree } from "./watch-tree";

let root: string;
let cleanup: () => Promise<void>;
let watcher: TreeWatcher | null = null;
let seen: string[] = [];

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-watch-");
  root = tmp.root;
  cleanup = tmp.cleanup;
  await fs.mkdir(path.join(root, "org", "specialists"), { recursive: true });
  await fs.writeFile(path.join(root, "org", "specialists", "a.json"), "{}\n");
  seen = [];
  watcher = watchTree(root, {
    onChange: (rel) => seen.push(rel),
    onError: () => {},
    skipDir: (rel) => rel === "runtime",
  });
});

afterEach(async () => {
  watcher?.close();
  await cleanup();
});

it("reports a file by its name every time it is replaced by a rename, not only the first", async () => {
  // Node 20's recursive watch on Linux stays on the replaced inode and reports nothing after the first.
  const file = path.join(root, "org", "specialists", "a.json");
  for (let i = 0; i < 3; i++) {
    seen = [];
    await atomicWrite(path.join(root, "org"), file, `{ "n": ${i} }\n`);
    await until(() => seen.includes("org/specialists/a.json") || undefined, `replacement ${i} reported`, 2000);
  }
});

it("watches directories made after it started, and not the skipped ones", async () => {
  await fs.mkdir(path.join(root, "org", "teams"));
  await until(() => seen.includes("org/teams") || undefined, "org/teams reported", 2000);
  // The new directory's watch is set up when its creation is reported.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await fs.writeFile(path.join(root, "org", "teams", "t.json"), "{}\n");
  await until(() => seen.includes("org/teams/t.json") || undefined, "org/teams/t.json reported", 2000);

  await fs.mkdir(path.join(root, "runtime", "embed"), { recursive: true });
  await until(() => seen.includes("runtime") || undefined, "runtime reported", 2000);
  await fs.writeFile(path.join(root, "runtime", "embed", "x.json"), "{}\n");
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(seen.filter((rel) => rel.startsWith("runtime/"))).toEqual([]);
});
