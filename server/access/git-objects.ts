import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { AppError } from "../errors";
import type { Repo, TreeEntry } from "../plan/git-org";

export type GitObject = { oid: string; type: string; content: Buffer };

const HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) ([a-z]+) (\d+)$/;

type Pending = { resolve: (o: GitObject | null) => void; reject: (e: Error) => void };

/**
 * One `git cat-file --batch` for a whole walk of history: each object is a line written and an answer
 * read, instead of a process per commit. Answers come back in the order asked, so requests queue.
 */
export class GitObjects {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: Pending[] = [];
  private readonly trees = new Map<string, TreeEntry[]>();
  private buffer = Buffer.alloc(0);
  /** Chunks of an answer not complete yet, joined once it is, so a large blob is copied once. */
  private parts: Buffer[] = [];
  private partsLength = 0;
  private needed = 0;
  private stderr = "";
  private failed: Error | null = null;
  private readonly closed: Promise<void>;

  constructor(repo: Repo) {
    this.child = spawn("git", ["cat-file", "--batch"], {
      cwd: repo.top,
      env: { ...process.env, GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout.on("data", (chunk: Buffer) => this.take(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => {
      if (this.stderr.length < 10_000) this.stderr += chunk.toString("utf8");
    });
    this.child.stdin.on("error", () => {});
    this.closed = new Promise((resolve) => {
      this.child.on("error", (error) => {
        this.fail(new AppError("io", `git cat-file could not start: ${error.message}`));
        resolve();
      });
      this.child.on("close", (code) => {
        const why = this.stderr.trim() || (code ? `exit code ${code}` : "");
        this.fail(new AppError("io", `git cat-file --batch has exited${why ? `: ${why}` : ""}`));
        resolve();
      });
    });
  }

  /** The object a name (`<oid>`, `<commit>^{tree}`) names, or null when there is none. */
  read(name: string): Promise<GitObject | null> {
    if (this.failed) return Promise.reject(this.failed);
    if (/[\n\0]/.test(name)) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.child.stdin.write(`${name}\n`);
    });
  }

  /** The entries of the tree at `dir` (a `/`-separated path) in `commit`, or null when it is no tree. */
  async treeAt(commit: string, dir: string): Promise<TreeEntry[] | null> {
    const root = await this.read(`${commit}^{tree}`);
    if (root?.type !== "tree") return null;
    let entries = this.treeOf(root);
    for (const part of dir.split("/").filter(Boolean)) {
      const sub = entries.find((e) => e.path === part);
      if (sub?.type !== "tree") return null;
      entries = await this.tree(sub.oid);
    }
    return entries;
  }

  /** A tree's entries by id, parsed once per walk: most trees are the same from one commit to the next. */
  async tree(oid: string): Promise<TreeEntry[]> {
    const known = this.trees.get(oid);
    if (known) return known;
    const object = await this.read(oid);
    if (object?.type !== "tree") throw new AppError("io", `git object ${oid} is not a tree`);
    return this.treeOf(object);
  }

  async close(): Promise<void> {
    this.child.stdin.end();
    await this.closed;
  }

  /** `<mode> <name>\0<id>` repeated; an id is as many bytes as the repository's hash (20 or 32). */
  private treeOf(object: GitObject): TreeEntry[] {
    let entries = this.trees.get(object.oid);
    if (entries) return entries;
    entries = [];
    const { content } = object;
    const idBytes = object.oid.length / 2;
    for (let at = 0; at < content.length; ) {
      const space = content.indexOf(32, at);
      const nul = content.indexOf(0, space);
      const mode = content.subarray(at, space).toString("latin1");
      const type = mode === "40000" ? "tree" : mode === "160000" ? "commit" : "blob";
      const oid = content.subarray(nul + 1, nul + 1 + idBytes).toString("hex");
      entries.push({ mode: mode.padStart(6, "0"), type, oid, path: content.subarray(space + 1, nul).toString("utf8") });
      at = nul + 1 + idBytes;
    }
    this.trees.set(object.oid, entries);
    return entries;
  }

  private take(chunk: Buffer): void {
    this.parts.push(chunk);
    this.partsLength += chunk.length;
    if (this.buffer.length + this.partsLength < this.needed) return;
    this.buffer = Buffer.concat([this.buffer, ...this.parts]);
    this.parts = [];
    this.partsLength = 0;
    this.needed = 0;
    for (;;) {
      const nl = this.buffer.indexOf(10);
      if (nl < 0) return;
      const header = HEADER.exec(this.buffer.subarray(0, nl).toString("utf8"));
      if (!header) {
        // `<name> missing` or `<name> ambiguous`: no content follows.
        this.buffer = this.buffer.subarray(nl + 1);
        this.pending.shift()?.resolve(null);
        continue;
      }
      const size = Number(header[3]);
      if (this.buffer.length < nl + 1 + size + 1) {
        this.needed = nl + 1 + size + 1;
        return;
      }
      const content = Buffer.from(this.buffer.subarray(nl + 1, nl + 1 + size));
      this.buffer = this.buffer.subarray(nl + 1 + size + 1);
      this.pending.shift()?.resolve({ oid: header[1], type: header[2], content });
    }
  }

  private fail(error: Error): void {
    this.failed ??= error;
    for (const p of this.pending.splice(0)) p.reject(error);
  }
}
