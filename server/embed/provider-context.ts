import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import picomatch from "picomatch/posix";
import { subtractDuration } from "@/lib/embed/cadence";
import { DEFAULT_DIRECTORY_GLOBS, providerInfo } from "@/lib/embed/providers";
import type { EmbedManifest } from "@/schemas/embed";
import type { Result } from "@/schemas/result";

const run = promisify(execFile);

/** `keys` change when their item does, so the next tick can tell whether anything is new. */
export type ProviderSource = { provider: string; items: number; keys: string[]; labels: string[]; text: string };
export type ProviderContext = Result<{ sources: ProviderSource[] }, { code: string }>;

/** Bounds on what a tick reads, so a huge folder cannot become a huge prompt. */
export const CONTEXT_LIMITS = { files: 40, bytesPerFile: 16 * 1024, totalBytes: 160 * 1024, commits: 50 };

const SKIP_DIRS = new Set([".git", "node_modules", ".next", ".cx", ".construct", "dist", "build", "coverage"]);

async function walk(
  root: string,
  match: (rel: string) => boolean,
  out: { rel: string; mtimeMs: number; size: number }[],
  dir = root,
  depth = 0,
): Promise<void> {
  if (depth > 12 || out.length > 5000) return;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    // Links are not followed: a link could lead out of the project.
    if (entry.isSymbolicLink()) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) await walk(root, match, out, full, depth + 1);
      continue;
    }
    if (!entry.isFile()) continue;
    const rel = path.relative(root, full).split(path.sep).join("/");
    if (!match(rel)) continue;
    const stat = await fs.stat(full).catch(() => null);
    if (stat) out.push({ rel, mtimeMs: stat.mtimeMs, size: stat.size });
  }
}

async function readDirectory(root: string, manifest: EmbedManifest, now: Date): Promise<ProviderSource> {
  const globs = manifest.embed.filter?.scope?.paths ?? DEFAULT_DIRECTORY_GLOBS;
  const match = picomatch(globs, { dot: false });
  const found: { rel: string; mtimeMs: number; size: number }[] = [];
  await walk(root, match, found);
  const since = manifest.embed.filter?.predicates?.updatedSince;
  const cutoff = since ? (subtractDuration(now, since)?.getTime() ?? 0) : 0;
  const recent = found
    .filter((f) => f.mtimeMs >= cutoff)
    .sort((a, b) => b.mtimeMs - a.mtimeMs || a.rel.localeCompare(b.rel))
    .slice(0, CONTEXT_LIMITS.files);
  const parts: string[] = [];
  const keys: string[] = [];
  const labels: string[] = [];
  let total = 0;
  for (const f of recent) {
    if (total >= CONTEXT_LIMITS.totalBytes) break;
    const handle = await fs.open(path.join(root, f.rel), "r").catch(() => null);
    if (!handle) continue;
    try {
      const size = Math.min(f.size, CONTEXT_LIMITS.bytesPerFile, CONTEXT_LIMITS.totalBytes - total);
      const buffer = Buffer.alloc(size);
      await handle.read(buffer, 0, size, 0);
      total += size;
      keys.push(`${f.rel}@${Math.round(f.mtimeMs)}:${f.size}`);
      labels.push(f.rel);
      parts.push(
        `--- ${f.rel} (modified ${new Date(f.mtimeMs).toISOString()}${f.size > size ? `, first ${size} of ${f.size} bytes` : ""})\n${buffer.toString("utf8")}`,
      );
    } finally {
      await handle.close();
    }
  }
  return {
    provider: "directory",
    items: parts.length,
    keys,
    labels,
    text: parts.length
      ? parts.join("\n\n")
      : `(no files match ${globs.join(", ")}${since ? ` changed in the last ${since}` : ""})`,
  };
}

async function readGit(
  root: string,
  manifest: EmbedManifest,
  now: Date,
): Promise<ProviderSource | { unavailable: string }> {
  const since = manifest.embed.filter?.predicates?.updatedSince ?? "P7D";
  const sinceDate = subtractDuration(now, since) ?? new Date(0);
  const paths = manifest.embed.filter?.scope?.paths ?? [];
  try {
    const { stdout } = await run(
      "git",
      [
        "-C",
        root,
        "log",
        `--since=${sinceDate.toISOString()}`,
        `--until=${now.toISOString()}`,
        `-n`,
        String(CONTEXT_LIMITS.commits),
        "--no-color",
        "--date=iso-strict",
        "--pretty=format:%h %ad %an%n  %s",
        "--name-only",
        ...(paths.length ? ["--", ...paths.map((p) => `:(glob)${p}`)] : []),
      ],
      {
        timeout: 15_000,
        maxBuffer: 4 * 1024 * 1024,
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" },
      },
    );
    const commits = stdout.split(/\n(?=[0-9a-f]{7,} )/).filter((c) => c.trim());
    return {
      provider: "git",
      items: commits.length,
      keys: commits.map((c) => c.slice(0, c.indexOf(" "))),
      labels: commits.map((c) => c.split("\n")[0] ?? c),
      text: commits.length ? stdout.slice(0, CONTEXT_LIMITS.totalBytes) : `(no commits in the last ${since})`,
    };
  } catch (error) {
    const message = ((error as { stderr?: string }).stderr || (error as Error).message).trim().split("\n")[0];
    // A repository without commits yet has nothing to report, which is not the same as unreadable.
    if (/does not have any commits yet/.test(message))
      return { provider: "git", items: 0, keys: [], labels: [], text: "(the repository has no commits yet)" };
    return { unavailable: `git cannot read ${root}: ${message}` };
  }
}

// One unreadable provider skips the whole tick: reasoning over part of the context answers a different question.
export async function readProviderContext(
  root: string,
  manifest: EmbedManifest,
  now = new Date(),
): Promise<ProviderContext> {
  for (const id of manifest.embed.providerBindings) {
    const info = providerInfo(id);
    if (!info?.local)
      return {
        ok: false,
        code: `provider-unavailable:${id}`,
        message: info
          ? `${info.label} needs credentials this studio does not hold; only the local providers (directory, git) can be read`
          : `no provider '${id}' is known to this studio`,
      };
  }
  const sources: ProviderSource[] = [];
  for (const id of manifest.embed.providerBindings) {
    if (id === "directory") sources.push(await readDirectory(root, manifest, now));
    if (id === "git") {
      const git = await readGit(root, manifest, now);
      if ("unavailable" in git) return { ok: false, code: "provider-unavailable:git", message: git.unavailable };
      sources.push(git);
    }
  }
  return { ok: true, sources };
}

/** Which bindings a tick could read, for the dry-run (no files are read). */
export function bindingAvailability(bindings: readonly string[]) {
  return bindings.map((id) => {
    const info = providerInfo(id);
    return {
      id,
      label: info?.label ?? id,
      available: !!info?.local,
      ...(info?.local ? {} : { code: `provider-unavailable:${id}` }),
    };
  });
}
