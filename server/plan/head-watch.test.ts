import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gitAs } from "@/test/support/git";
import { type Head, HeadWatcher } from "./head-watch";

const DATE = "2026-01-01T00:00:00Z";
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function repo() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "studio-head-"));
  dirs.push(dir);
  gitAs(dir, ["init", "-q"], DATE);
  return dir;
}
const commit = (dir: string, name: string) => {
  writeFileSync(path.join(dir, name), name);
  gitAs(dir, ["add", name], DATE);
  gitAs(dir, ["commit", "-q", "-m", name], DATE);
  return gitAs(dir, ["rev-parse", "HEAD"], DATE).trim();
};

/** The next change a listener hears, once the watcher has read where HEAD points. */
async function nextChange(watcher: HeadWatcher): Promise<{ heard: Promise<Head>; stop: () => void }> {
  let stop = () => {};
  const heard = new Promise<Head>((resolve) => {
    stop = watcher.onChange(resolve);
  });
  while ((watcher as unknown as { last: string | null }).last === null) await new Promise((r) => setTimeout(r, 10));
  return { heard, stop: () => stop() };
}

describe("HeadWatcher", () => {
  it("reads the branch and its commit, a branch without commits, and a detached HEAD", async () => {
    const dir = repo();
    expect(await new HeadWatcher(dir).read()).toEqual({ branch: "main", commit: null });
    const first = commit(dir, "a");
    expect(await new HeadWatcher(dir).read()).toEqual({ branch: "main", commit: first });
    gitAs(dir, ["checkout", "-q", "--detach"], DATE);
    expect(await new HeadWatcher(dir).read()).toEqual({ branch: null, commit: first });
  });

  it("reads a branch whose ref is only in packed-refs, from a subfolder of the repository", async () => {
    const dir = repo();
    const first = commit(dir, "a");
    gitAs(dir, ["pack-refs", "--all", "--prune"], DATE);
    const sub = path.join(dir, "sub");
    mkdirSync(sub);
    expect(await new HeadWatcher(sub).read()).toEqual({ branch: "main", commit: first });
  });

  it("is null outside a git repository", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "studio-nogit-"));
    dirs.push(dir);
    expect(await new HeadWatcher(dir).read()).toBeNull();
  });

  it("tells its listeners of a commit and of a branch switch, and stops polling when the last leaves", async () => {
    const dir = repo();
    const first = commit(dir, "a");
    const watcher = new HeadWatcher(dir, 20);
    const afterCommit = await nextChange(watcher);
    const second = commit(dir, "b");
    expect(await afterCommit.heard).toEqual({ branch: "main", commit: second });
    afterCommit.stop();

    const afterSwitch = await nextChange(watcher);
    gitAs(dir, ["checkout", "-q", "-b", "topic", first], DATE);
    expect(await afterSwitch.heard).toEqual({ branch: "topic", commit: first });
    afterSwitch.stop();
    expect((watcher as unknown as { timer: unknown }).timer).toBeNull();
  });
});
