import { readFile } from "node:fs/promises";
import path from "node:path";
import { git } from "./git-org";

/** Where HEAD points: `branch` is null when detached, `commit` when the branch has none yet. */
export type Head = { branch: string | null; commit: string | null };
type Dirs = { gitDir: string; commonDir: string };

const text = (file: string) =>
  readFile(file, "utf8").then(
    (t) => t.trim(),
    () => null,
  );

/**
 * Follows HEAD and the branch it names by reading git's own files (HEAD, the loose ref, packed-refs)
 * once a second while anyone listens: a commit, reset or checkout in a terminal shows within that,
 * and reading three small files costs less than starting git.
 */
export class HeadWatcher {
  private readonly listeners = new Set<(head: Head) => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private last: string | null = null;
  private dirs: Promise<Dirs | null> | null = null;

  constructor(
    private readonly root: string,
    private readonly intervalMs = 1000,
  ) {}

  private gitDirs(): Promise<Dirs | null> {
    this.dirs ??= git(this.root, ["rev-parse", "--absolute-git-dir", "--git-common-dir"]).then(
      ({ code, stdout }) => {
        const [gitDir, common] = stdout.toString("utf8").split("\n");
        return code === 0 && gitDir && common ? { gitDir, commonDir: path.resolve(this.root, common) } : null;
      },
      () => null,
    );
    return this.dirs;
  }

  /** `null` outside a git repository. */
  async read(): Promise<Head | null> {
    const dirs = await this.gitDirs();
    if (!dirs) return null;
    const head = await text(path.join(dirs.gitDir, "HEAD"));
    if (!head?.startsWith("ref: ")) return { branch: null, commit: head || null };
    const ref = head.slice(5);
    const branch = ref.replace(/^refs\/heads\//, "");
    const loose = await text(path.join(dirs.commonDir, ref));
    if (loose) return { branch, commit: loose };
    const packed = (await text(path.join(dirs.commonDir, "packed-refs"))) ?? "";
    const line = packed.split("\n").find((l) => l.endsWith(` ${ref}`));
    return { branch, commit: line ? line.split(" ")[0] : null };
  }

  private async poll(): Promise<void> {
    const head = await this.read();
    const key = JSON.stringify(head);
    if (this.last !== null && key !== this.last) for (const listener of [...this.listeners]) listener(head ?? NONE);
    this.last = key;
  }

  onChange(listener: (head: Head) => void): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      void this.poll();
      this.timer = setInterval(() => void this.poll(), this.intervalMs);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size || !this.timer) return;
      clearInterval(this.timer);
      this.timer = null;
      this.last = null;
    };
  }
}

const NONE: Head = { branch: null, commit: null };
