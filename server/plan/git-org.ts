import { spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Section } from "@/schemas/kinds";
import { AppError } from "../errors";
import type { TierRules } from "../generations/adapter";
import type { TierReader } from "../org/org-state";
import { type TierBlob, tierFromBlobs } from "../org/tier-blobs";

// Reads tiers from git's objects alone: the working tree and index are never touched, and
// `GIT_OPTIONAL_LOCKS=0` keeps git from refreshing the index as a side effect.

export type GitResult = { code: number; stdout: Buffer; stderr: string };

/** Output larger than this (a huge history's tree listing) is refused rather than held in memory. */
const MAX_GIT_OUTPUT = 512 * 1024 * 1024;

export function git(cwd: string, args: string[], input?: Buffer | string): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, {
      cwd,
      env: { ...process.env, GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let size = 0;
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_GIT_OUTPUT) {
        child.kill();
        reject(new AppError("payload_too_large", `git ${args[0]} printed more than ${MAX_GIT_OUTPUT} bytes`));
        return;
      }
      out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (err.length < 10_000) err += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr: err.trim() }));
    child.stdin.on("error", () => {});
    child.stdin.end(input ?? "");
  });
}

export type Repo = { top: string; prefix: string };

export async function repoOf(dir: string): Promise<Repo | { none: string }> {
  let result: GitResult;
  try {
    result = await git(dir, ["rev-parse", "--show-toplevel", "--show-prefix"]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { none: existsSync(dir) ? "git is not installed" : `${dir} does not exist` };
    throw error;
  }
  if (result.code !== 0) return { none: `${dir} is not in a git repository` };
  const [top, prefix = ""] = result.stdout.toString("utf8").split("\n");
  return { top, prefix };
}

/** The commit a revision names; a clear error when it names none (or a shallow clone lacks it). */
export async function resolveRevision(repo: Repo, rev: string): Promise<string> {
  if (!rev || rev.startsWith("-") || /[\0\n]/.test(rev))
    throw new AppError("bad_request", `--against ${JSON.stringify(rev)} is not a revision`);
  const result = await git(repo.top, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${rev}^{commit}`]);
  if (result.code === 0) return result.stdout.toString("utf8").trim();
  const shallow = await git(repo.top, ["rev-parse", "--is-shallow-repository"]);
  if (shallow.stdout.toString("utf8").trim() === "true")
    throw new AppError(
      "not_found",
      `revision "${rev}" is not in this shallow clone of ${repo.top}; fetch more history (git fetch --unshallow, or actions/checkout with fetch-depth: 0) and plan again`,
    );
  throw new AppError("not_found", `unknown revision "${rev}" in the git repository ${repo.top}`);
}

export type TreeEntry = { mode: string; type: string; oid: string; path: string };

export async function listTree(repo: Repo, commit: string, dirs: string[]): Promise<TreeEntry[]> {
  const result = await git(repo.top, ["ls-tree", "-r", "-z", "--full-tree", commit, "--", ...dirs]);
  if (result.code !== 0) throw new AppError("io", `git ls-tree ${commit} failed: ${result.stderr}`);
  const entries: TreeEntry[] = [];
  for (const line of result.stdout.toString("utf8").split("\0")) {
    if (!line) continue;
    const tab = line.indexOf("\t");
    const [mode, type, oid] = line.slice(0, tab).split(" ");
    entries.push({ mode, type, oid, path: line.slice(tab + 1) });
  }
  return entries;
}

export async function readBlobs(repo: Repo, oids: string[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (!oids.length) return out;
  const result = await git(repo.top, ["cat-file", "--batch"], `${[...new Set(oids)].join("\n")}\n`);
  if (result.code !== 0) throw new AppError("io", `git cat-file failed: ${result.stderr}`);
  const buf = result.stdout;
  let at = 0;
  while (at < buf.length) {
    const nl = buf.indexOf(10, at);
    const header = buf.subarray(at, nl).toString("utf8").split(" ");
    at = nl + 1;
    if (header[1] === "missing") continue;
    const size = Number(header[2]);
    out.set(header[0], buf.subarray(at, at + size));
    at += size + 1;
  }
  return out;
}

const CONFLICT = /^(<{7}|>{7})(?: |$)|^={7}$/m;

/** Throws when an org file holds git's conflict markers: a merge left half-done is not an org. */
export function assertNoConflictMarkers(content: Buffer | string, shown: string): void {
  const text = typeof content === "string" ? content : content.toString("utf8");
  if (CONFLICT.test(text))
    throw new AppError(
      "conflict",
      `${shown} holds git conflict markers (<<<<<<< / ======= / >>>>>>>); resolve the merge before planning`,
    );
}

export const within = (parent: string, child: string) => {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/** Where `dir` is in the repository: the nearest existing ancestor's real path, plus the rest. */
export function realish(dir: string): string {
  const rest: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    try {
      return path.join(realpathSync(at), ...rest.reverse());
    } catch {
      if (path.dirname(at) === at) return dir;
      rest.push(path.basename(at));
      at = path.dirname(at);
    }
  }
}

/**
 * Each tier whose folder the repository holds is read at `commit`; a tier outside it (the home
 * folder, an installed built-in tier) is read from disk, so it shows no change.
 */
export async function gitTierReader(
  repo: Repo,
  commit: string,
  rev: string,
  root: string,
  /** Reads a tier as it is now: for a tier outside the repository, and for Construct 2.x's package. */
  current: TierReader,
  tiers: Pick<TierRules, "folders" | "installed">,
): Promise<{ read: TierReader; files: number }> {
  const top = realish(repo.top);
  const posix = (p: string) => p.split(path.sep).join("/");
  const rootRel = repo.prefix.replace(/\/$/, "");
  const join = (...parts: string[]) => parts.filter(Boolean).join("/");
  const projectEntries = await listTree(repo, commit, [join(rootRel, ".construct"), join(rootRel, ".cx/org")]);
  const hasConstruct = projectEntries.some((e) => e.path.startsWith(`${join(rootRel, ".construct")}/`));
  let files = 0;

  const read: TierReader = async (scope, dir, displayBase) => {
    // A tier that is an installed package is not versioned with the project.
    if (tiers.installed.includes(scope)) return current(scope, dir, displayBase);
    let tierDir = dir;
    let rel: string;
    if (scope === "project") {
      const folder = hasConstruct ? ".construct" : ".cx";
      tierDir = path.join(root, folder, "org");
      rel = join(rootRel, folder, "org");
    } else {
      const real = realish(dir);
      if (!within(top, real)) return current(scope, dir, displayBase);
      rel = posix(path.relative(top, real));
    }
    const entries = await listTree(repo, commit, [rel]);
    const sections = new Set<string>(tiers.folders(scope).map((f) => f.section));
    const wanted: { section: Section; name: string; entry: TreeEntry }[] = [];
    for (const entry of entries) {
      const inner = entry.path.slice(rel.length + 1).split("/");
      if (inner.length !== 2 || !sections.has(inner[0])) continue;
      if (entry.type !== "blob") continue;
      wanted.push({ section: inner[0] as Section, name: inner[1], entry });
    }
    const blobs = await readBlobs(
      repo,
      wanted.filter((w) => w.entry.mode !== "120000").map((w) => w.entry.oid),
    );
    const tierBlobs: TierBlob[] = wanted.map((w) => {
      const content = blobs.get(w.entry.oid) ?? null;
      if (content && w.name.endsWith(".json")) assertNoConflictMarkers(content, `${rev}:${w.entry.path}`);
      return { section: w.section, name: w.name, content, symlink: w.entry.mode === "120000" };
    });
    files += tierBlobs.length;
    return tierFromBlobs(scope, tierDir, displayBase, tierBlobs);
  };
  return {
    read,
    get files() {
      return files;
    },
  };
}
