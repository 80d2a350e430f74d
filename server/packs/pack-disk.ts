import type { Dirent, Stats } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { promptRole } from "@/lib/markdown/frontmatter";
import type { Construct2PackManifest, PackManifest, PackRow } from "@/schemas/pack-manifest";
import type { Result } from "@/schemas/result";
import type { TierData } from "../org/tiers";
import { pidAlive } from "../store/lock";
import { NoFollowReadError, readTextNoFollow } from "../store/read";
import { confinedPath } from "../store/write";

export const MANIFEST = "pack.manifest.json";
export const MAX_PROMPT_BYTES = 256 * 1024;

export type LoadedPack = PackRow & {
  dir: string;
  manifest: PackManifest | Construct2PackManifest | null;
  org: TierData | null;
};

/** Confined, no links, bounded, frontmatter naming its role. */
export async function checkPackPrompt(
  packDir: string,
  rel: string,
): Promise<Result<{ file: string; content: string; role: string }, { file: string; code: "missing" | "malformed" }>> {
  let file: string;
  try {
    file = confinedPath(packDir, rel);
  } catch {
    return { ok: false, file: rel, code: "malformed", message: `${rel} is outside the pack` };
  }
  const malformed = (message: string) => ({ ok: false as const, file, code: "malformed" as const, message });
  // One open, checked on its descriptor: a link swapped in after a check cannot be read through.
  let read: { text: string; stat: Stats } | NoFollowReadError;
  try {
    read = await readTextNoFollow(file, { limit: MAX_PROMPT_BYTES });
  } catch (error) {
    if (!(error instanceof NoFollowReadError)) throw error;
    read = error;
  }
  if (read instanceof NoFollowReadError && read.code === "missing")
    return { ok: false, file, code: "missing", message: `file not found: ${rel}` };
  if (read instanceof NoFollowReadError && read.code === "symlink")
    return malformed(`${rel} is a symbolic link; packs may not link outside themselves`);
  // O_NOFOLLOW guards the last component only; a linked folder on the way is caught here.
  if (!(await insideReal(packDir, file)))
    return malformed(`${rel} resolves outside the pack (a linked folder on the way)`);
  if (read instanceof NoFollowReadError) return malformed(`${rel} ${read.message}`);
  if (read.stat.nlink > 1) return malformed(`${rel} is a hard link; packs must hold their own files`);
  const content = read.text;
  const prompt = promptRole(content);
  if (!prompt.ok) return { ok: false, file, code: "malformed", message: `${rel}: ${prompt.message}` };
  return { ok: true, file, content, role: prompt.role };
}

export async function insideReal(base: string, target: string): Promise<boolean> {
  try {
    const [realBase, realTarget] = await Promise.all([fs.realpath(base), fs.realpath(target)]);
    const rel = path.relative(realBase, realTarget);
    return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
  } catch {
    return false;
  }
}

const TIER_RANK = { builtin: 0, user: 1, project: 2 } as const;

/** Highest precedence last: built-in packs, user packs, then project packs, each in enabled order. */
export function byPrecedence(packs: readonly LoadedPack[], enabledOrder: readonly string[]): LoadedPack[] {
  return [...packs].sort((a, b) =>
    a.tier === b.tier ? enabledOrder.indexOf(a.id) - enabledOrder.indexOf(b.id) : TIER_RANK[a.tier] - TIER_RANK[b.tier],
  );
}

/** The pack folders in `root`; `scoped` also reads the folders inside an `@scope` folder. */
export async function packDirs(root: string, opts: { scoped?: boolean } = { scoped: true }): Promise<string[]> {
  const out: string[] = [];
  let entries: Dirent[];
  try {
    entries = await fs.readdir(root, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const dir = path.join(root, entry.name);
    if (entry.name.startsWith("@") && opts.scoped) {
      for (const inner of (await fs.readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        if (inner.isDirectory() && !inner.name.startsWith(".")) out.push(path.join(dir, inner.name));
      }
    } else {
      out.push(dir);
    }
  }
  return out;
}

/** Drops dead processes' staging folders; a pack set aside comes back if its replacement never arrived. */
export async function recoverPacksDir(packsDir: string): Promise<void> {
  const visit = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      const staging = /^\.staging-(\d+)-[0-9a-f]+$/.exec(entry.name);
      const aside = /^\.old-[0-9a-f]{8}-(.+)$/.exec(entry.name);
      if (staging) {
        const pid = Number(staging[1]);
        if (pid !== process.pid && !pidAlive(pid)) await fs.rm(full, { recursive: true, force: true });
      } else if (aside) {
        const original = path.join(dir, aside[1]);
        if (
          await fs.lstat(original).then(
            () => true,
            () => false,
          )
        )
          await fs.rm(full, { recursive: true, force: true });
        else await fs.rename(full, original);
      } else if (entry.isDirectory() && entry.name.startsWith("@")) {
        await visit(full);
      }
    }
  };
  await visit(packsDir);
}
