import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";

/**
 * What is on disk under a directory, for tests that prove a write happened whole or that a refused
 * request changed nothing. One walk serves every view: dot files included, a symlink never followed.
 */

type Entry = { rel: string; full: string; name: string; kind: "file" | "dir" | "link" };

/** Every entry under `dir` in a stable order, relative with `/`; an unreadable or absent folder holds nothing. */
export function entriesUnder(dir: string): Entry[] {
  const out: Entry[] = [];
  const walk = (current: string) => {
    let names: string[];
    try {
      names = readdirSync(current).sort((a, b) => a.localeCompare(b));
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(current, name);
      const rel = path.relative(dir, full).split(path.sep).join("/");
      // A lock another process drops between the listing and the look is not part of the tree.
      const stat = vanishable(() => lstatSync(full));
      if (!stat) continue;
      const kind = stat.isSymbolicLink() ? "link" : stat.isDirectory() ? "dir" : "file";
      out.push({ rel, full, name, kind });
      if (kind === "dir") walk(full);
    }
  };
  walk(dir);
  return out;
}

/** `relative path → content` (`<dir>` for a folder, `<symlink -> target>` for a link): equal maps, equal trees. */
export async function treeOf(dir: string): Promise<Map<string, string>> {
  return new Map(
    entriesUnder(dir).map((e): [string, string] => [
      e.rel,
      e.kind === "link"
        ? `<symlink -> ${readlinkSync(e.full)}>`
        : e.kind === "dir"
          ? "<dir>"
          : readFileSync(e.full, "utf8"),
    ]),
  );
}

export async function filesUnder(dir: string): Promise<string[]> {
  return entriesUnder(dir)
    .filter((e) => e.kind !== "dir")
    .map((e) => e.rel)
    .sort();
}

/**
 * Every entry under a directory by content: a file as the sha256 of its bytes, a symlink as its
 * target, a directory as such (so an empty folder created by a refused request shows). Two equal
 * snapshots mean byte-for-byte the same tree, whatever the mtimes say.
 */
export function snapshotContent(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entriesUnder(dir)) {
    if (e.kind === "link") out[e.rel] = `link:${readlinkSync(e.full)}`;
    else if (e.kind === "dir") out[`${e.rel}/`] = "dir";
    else {
      const bytes = vanishable(() => readFileSync(e.full));
      if (bytes) out[e.rel] = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
    }
  }
  return out;
}

/** What `read` returns, or null when the entry was removed after the folder was listed. */
function vanishable<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Every file under a directory by its bytes (`snapshotContent` without the folders): "intact"
 * means the same bytes, which an equal size and mtime do not prove.
 */
export function contentsOf(dir: string, opts: { exclude?: (rel: string) => boolean } = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(snapshotContent(dir)).filter(([rel, v]) => v !== "dir" && !opts.exclude?.(rel)),
  );
}

/** What an interrupted or refused write could leave behind: temp files, staging folders, locks and their temps. */
export function leftovers(dir: string): string[] {
  return entriesUnder(dir)
    .filter((e) => /\.studio-tmp$|^\.txn-|^\.studio\.lock/.test(e.name))
    .map((e) => e.rel);
}
