import { globCovers } from "@/lib/org/fence-cover";
import type { FenceProposal, FenceUse } from "@/schemas/activity";
import type { EffectiveFence } from "@/schemas/fence";

/**
 * A narrower fence from recorded use: each path entry that was used shrinks to the smallest globs
 * covering the files touched through it (never broader than the entry: a glob the entry does not
 * cover keeps the entry), and entries no action used are dropped. Labels are not in the records and
 * denied actions only take away, so both stay. The result is a patch of the whole `fence` field,
 * as `org_update` and the plan apply one.
 */

/** Files in one folder up to this many are named one by one; more become a glob of the folder. */
const EXACT_PER_FOLDER = 3;

const folderOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "");
const extOf = (p: string) => {
  const name = p.slice(p.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : "";
};

/** The smallest globs, in the fence grammar, that match every path in `paths`: by folder, sorted. */
export function generalise(paths: Iterable<string>): string[] {
  const byFolder = new Map<string, string[]>();
  for (const p of paths) byFolder.set(folderOf(p), [...(byFolder.get(folderOf(p)) ?? []), p]);
  const out: string[] = [];
  for (const [folder, files] of [...byFolder].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (files.length <= EXACT_PER_FOLDER) {
      out.push(...files.sort());
      continue;
    }
    const exts = new Set(files.map(extOf));
    const prefix = folder ? `${folder}/` : "";
    const [ext] = exts;
    // A glob's `*` and `?` are its only specials; a file name holding one is named as it is.
    out.push(exts.size === 1 && ext && !/[*?]/.test(ext) ? `${prefix}*${ext}` : `${prefix}*`);
  }
  return out;
}

/** What one path entry becomes: nothing when unused, the globs of what it was used for, or itself. */
function narrowEntry(
  entry: string,
  used: boolean,
  files: ReadonlySet<string> | undefined,
  maxTouched: number,
): string[] {
  if (!used) return [];
  // Too many files to list, or a file name a glob would read as a pattern: the entry stays as it is.
  if (!files || files.size >= maxTouched || [...files].some((f) => /[*?]/.test(f))) return [entry];
  const globs = generalise(files);
  return globs.every((g) => g === entry || globCovers(entry, g)) ? globs : [entry];
}

export function proposeFence(
  fence: EffectiveFence,
  entries: readonly FenceUse[],
  touched: ReadonlyMap<number, ReadonlySet<string>>,
  maxTouched = 10_000,
): FenceProposal {
  const used = (list: FenceUse["list"], i: number) =>
    (entries.find((e) => e.list === list && e.entry === fence[list][i])?.uses ?? 0) > 0;
  const removed: FenceProposal["removed"] = [];
  const paths: string[] = [];
  fence.allowedPaths.forEach((entry, i) => {
    const narrowed = narrowEntry(entry, used("allowedPaths", i), touched.get(i), maxTouched);
    if (narrowed.length !== 1 || narrowed[0] !== entry) removed.push({ list: "allowedPaths", entry });
    paths.push(...narrowed);
  });
  const keep = (list: "allowedCommands" | "approvalRequired") => {
    for (const [i, entry] of fence[list].entries()) if (!used(list, i)) removed.push({ list, entry });
    return fence[list].filter((_entry, i) => used(list, i));
  };
  const allowedCommands = keep("allowedCommands");
  const approvalRequired = keep("approvalRequired");
  const allowedPaths = [...new Set(paths)];
  const none = allowedPaths.length === 0;
  return {
    patch: {
      fence: {
        // A fence needs one path glob; Construct's "." matches only the project folder itself, no file.
        allowedPaths: none ? ["."] : allowedPaths,
        ...(allowedCommands.length ? { allowedCommands } : {}),
        ...(fence.allowedBdLabels.length ? { allowedBdLabels: fence.allowedBdLabels } : {}),
        ...(approvalRequired.length ? { approvalRequired } : {}),
        ...(fence.deniedActions.length ? { deniedActions: fence.deniedActions } : {}),
      },
    },
    removed,
    note: removed.length
      ? `${removed.length} entr${removed.length === 1 ? "y" : "ies"} narrowed or dropped from recorded use${none ? '; no file was edited, so allowedPaths is ["."], which matches no file' : ""}`
      : "the fence is already as narrow as its recorded use",
  };
}
