import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitAs } from "@/test/support/git";
import { makeTmpDirs, writeFiles } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";
import { isAppError } from "../errors";
import { GitObjects } from "./git-objects";

/** One reader of git's objects, in a real repository: it reads, never writes. */

let root: string;
let cleanup: () => Promise<void>;
const git = (args: string[]) => gitAs(root, args, "2026-11-30T10:00:00Z").trim();

beforeEach(async () => {
  ({ root, cleanup } = await makeTmpDirs("cs-objects-"));
  git(["init", "-q"]);
  writeFiles(root, {
    ".cx/org/specialists/a writer.json": { id: "a writer" },
    ".cx/org/teams/t.json": { id: "t" },
    "big.txt": "x".repeat(300_000),
  });
  git(["add", "-A"]);
  git(["commit", "-qm", "start"]);
});

afterEach(async () => cleanup());

async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("GitObjects", () => {
  it("reads trees by path and blobs by id, large ones whole, and answers null for what is not there", async () => {
    const objects = new GitObjects({ top: root, prefix: "" });
    try {
      const head = git(["rev-parse", "HEAD"]);
      const org = await objects.treeAt(head, ".cx/org");
      expect(org?.map((e) => `${e.mode} ${e.type} ${e.path}`)).toEqual([
        "040000 tree specialists",
        "040000 tree teams",
      ]);
      const specialists = await objects.tree(org?.[0].oid ?? "");
      expect(specialists.map((e) => `${e.mode} ${e.type} ${e.oid} ${e.path}`)).toEqual([
        `100644 blob ${git(["rev-parse", "HEAD:.cx/org/specialists/a writer.json"])} a writer.json`,
      ]);
      const [blob, big, missing] = await Promise.all([
        objects.read(specialists[0].oid),
        objects.read(git(["rev-parse", "HEAD:big.txt"])),
        objects.read("0".repeat(40)),
      ]);
      expect(JSON.parse(blob?.content.toString("utf8") ?? "")).toEqual({ id: "a writer" });
      expect(big?.content.length).toBe(300_000);
      expect(missing).toBeNull();
      expect(await objects.treeAt(head, ".construct")).toBeNull();
      expect(await objects.treeAt(head, "big.txt")).toBeNull();
    } finally {
      await objects.close();
    }
  });

  it("a blob asked for as a tree, or a read after closing, is a clear error, and nothing changes", async () => {
    const before = snapshotContent(root);
    const objects = new GitObjects({ top: root, prefix: "" });
    const blob = git(["rev-parse", "HEAD:big.txt"]);
    const notTree = await refusal(objects.tree(blob));
    expect(notTree.code).toBe("io");
    expect(notTree.message).toBe(`git object ${blob} is not a tree`);
    await objects.close();
    const closed = await refusal(objects.read(blob));
    expect(closed.code).toBe("io");
    expect(closed.message).toBe("git cat-file --batch has exited");
    expect(snapshotContent(root)).toEqual(before);
  });
});
