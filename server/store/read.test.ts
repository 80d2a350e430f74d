import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTmpDirs } from "@/test/support/temp-project";
import {
  NoFollowReadError,
  readFileNoFollow,
  readFileNoFollowSync,
  readJsonFileSync,
  readListedJsonFileSync,
  readTextNoFollow,
} from "./read";

/** The one no-follow reader, on real files in a temp dir. */

let dir: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-read-");
  dir = tmp.root;
  cleanup = tmp.cleanup;
});

afterEach(async () => {
  await cleanup();
});

async function refusal(read: () => Promise<unknown> | unknown): Promise<NoFollowReadError> {
  let caught: unknown = null;
  try {
    await read();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(NoFollowReadError);
  return caught as NoFollowReadError;
}

const readers = [
  ["async", (file: string, limit?: number) => readFileNoFollow(file, { limit })],
  ["sync", (file: string, limit?: number) => readFileNoFollowSync(file, { limit })],
] as const;

describe.each(readers)("readFileNoFollow (%s)", (_label, read) => {
  it("reads a regular file's bytes and reports its stat", async () => {
    const file = path.join(dir, "a.md");
    await fs.writeFile(file, "héllo\n");
    const { bytes, stat } = await read(file);
    expect(bytes.toString("utf8")).toBe("héllo\n");
    expect(stat.isFile()).toBe(true);
    expect(stat.nlink).toBe(1);
  });

  it("refuses a symlink to a readable file, naming the code", async () => {
    const target = path.join(dir, "target.md");
    await fs.writeFile(target, "secret");
    const link = path.join(dir, "link.md");
    await fs.symlink(target, link);
    expect((await refusal(() => read(link))).code).toBe("symlink");
  });

  it("refuses a missing file, a directory and a FIFO (without hanging on it)", async () => {
    expect((await refusal(() => read(path.join(dir, "none")))).code).toBe("missing");
    expect((await refusal(() => read(dir))).code).toBe("not-regular");
    const fifo = path.join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    expect((await refusal(() => read(fifo))).code).toBe("not-regular");
  });

  it("refuses a file larger than the limit, and reads one exactly at it", async () => {
    const file = path.join(dir, "big");
    await fs.writeFile(file, "x".repeat(11));
    const error = await refusal(() => read(file, 10));
    expect(error.code).toBe("too-large");
    expect(error.message).toContain("10 bytes");
    await fs.writeFile(file, "x".repeat(10));
    expect((await read(file, 10)).bytes.length).toBe(10);
  });
});

describe("a symlink swapped in place of a checked file", () => {
  it("is never read through: every read is the regular file's text or a symlink refusal", async () => {
    const secret = path.join(dir, "secret.md");
    await fs.writeFile(secret, "SECRET");
    const target = path.join(dir, "prompt.md");
    await fs.writeFile(target, "regular");
    // Both shapes are prepared beside the target and renamed over it, so the path always exists and
    // flips between a regular file and a link as fast as the disk allows while the reads run.
    let stop = false;
    const swapper = (async () => {
      for (let i = 0; !stop; i++) {
        const link = path.join(dir, `.l${i}`);
        await fs.symlink(secret, link);
        await fs.rename(link, target);
        const file = path.join(dir, `.f${i}`);
        await fs.writeFile(file, "regular");
        await fs.rename(file, target);
      }
    })();
    const seen = new Set<string>();
    try {
      for (let i = 0; i < 400; i++) {
        try {
          seen.add((await readTextNoFollow(target)).text);
        } catch (error) {
          expect(error).toBeInstanceOf(NoFollowReadError);
          seen.add((error as NoFollowReadError).code);
        }
      }
    } finally {
      stop = true;
      await swapper;
    }
    expect(seen.has("SECRET")).toBe(false);
    expect([...seen].every((s) => s === "regular" || s === "symlink")).toBe(true);
  });
});

describe("the ETag of a listed file", () => {
  it("is the SHA-256 of the bytes read, as the careful read gives it, even when asked for after the file changed", async () => {
    const file = path.join(dir, "a.json");
    const before = '{ "id": "a", "note": "café" }\n';
    await fs.writeFile(file, before);
    const listed = readListedJsonFileSync(file);
    const careful = readJsonFileSync(file);
    await fs.writeFile(file, '{ "id": "a", "note": "cafe" }\n');
    const after = readListedJsonFileSync(file);
    expect(listed.ok && careful.ok && after.ok).toBe(true);
    if (!listed.ok || !careful.ok || !after.ok) return;
    expect(listed.etag).toBe(`"sha256:${createHash("sha256").update(Buffer.from(before)).digest("hex")}"`);
    expect(listed.etag).toBe(careful.etag);
    expect(after.etag).not.toBe(listed.etag);
    expect({ ...listed }.etag).toBe(listed.etag);
    // Only the fields: a schema that walks every own key (the MCP SDK's) sees nothing else.
    expect(Reflect.ownKeys({ ...listed })).toEqual(["ok", "value", "etag"]);
  });
});
