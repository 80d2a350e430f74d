import path from "node:path";
import { parseFrontmatter } from "@/lib/markdown/frontmatter";
import { construct2PackManifestSchema } from "@/schemas/pack-manifest";
import type { PackInspectContext } from "@/server/generations/adapter";
import { loadTier } from "@/server/org/tier-read";
import { type LoadedPack, MANIFEST, MAX_PROMPT_BYTES } from "@/server/packs/pack-disk";
import { fileProblems, recordProblems, refuse } from "@/server/packs/pack-problems";
import { NoFollowReadError, readTextNoFollow } from "@/server/store/read";
import { confinedPath } from "@/server/store/write";
import { PROFILE_FOLDERS } from "./folders";
import { construct2PackManifestProblems, constructName, PACK_COMPAT_VERSION, workerProfileIds } from "./pack-manifest";

/**
 * A Construct 2.x pack: its manifest checked as 2.x checks it, its worker profiles read from
 * `<pack>/org/worker-profiles/`, each replacing a lower tier's record of the same id whole.
 */
export async function inspectConstruct2Pack(
  row: LoadedPack,
  value: unknown,
  at: PackInspectContext,
): Promise<LoadedPack> {
  const parsed = construct2PackManifestSchema.safeParse(value);
  const rawId = (value as { id?: unknown } | null)?.id;
  if (typeof rawId === "string") row.id = rawId;
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      refuse(
        row,
        "pack-manifest",
        MANIFEST,
        `${at.shown}: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`,
      );
    return row;
  }
  const manifest = parsed.data;
  const version = at.install.version;
  row.manifest = manifest;
  row.version = manifest.version;
  const compat = manifest.compatVersion;
  row.compat = {
    range: compat === undefined || compat === null ? null : String(compat),
    core: `${constructName(version)} (compatVersion ${PACK_COMPAT_VERSION})`,
    ok: typeof compat === "number" && Number.isInteger(compat) && compat <= PACK_COMPAT_VERSION,
  };
  for (const e of construct2PackManifestProblems(manifest, version))
    refuse(row, "pack-manifest", MANIFEST, `${at.shown}: ${e}`);
  if (manifest.deprecation) {
    const d = manifest.deprecation;
    row.deprecation = { since: d.since, message: d.message, ...(d.replacement ? { replacement: d.replacement } : {}) };
    row.warnings.push(
      `pack '${manifest.id}' is deprecated since ${d.since}: ${d.message}${d.replacement ? ` — use '${d.replacement}' instead` : ""}`,
    );
  }
  const named = workerProfileIds(manifest.workerProfiles);
  if (named.warning) row.warnings.push(`pack '${manifest.id}': ${named.warning}`);
  for (const [profile, rel] of Object.entries(manifest.prompts ?? {})) {
    const problem = await promptProblem(at.dir, rel, profile);
    // Construct 2.x refuses such a pack only in team and enterprise mode; in solo mode the worker runs degraded.
    if (problem) row.warnings.push(`pack '${manifest.id}': prompt for '${profile}' ${problem}`);
    row.contributes.prompts.push(profile);
  }
  const org = await loadTier("builtin", path.join(at.dir, "org"), at.dir, PROFILE_FOLDERS);
  row.org = org;
  fileProblems(row, org, manifest.id);
  recordProblems(row, org, at.overrides);
  row.contributes.workerProfiles = [...new Set([...named.ids, ...org.entities["worker-profiles"].keys()])].sort();
  const profiles = row.contributes.workerProfiles;
  if (profiles.length)
    row.warnings.push(
      `pack '${manifest.id}' holds worker profiles (${profiles.join(", ")}) that ${constructName(version)} does not load: its profile loader reads the registry, ~/.construct/org and .construct/org only, so they are not part of the org; copy one into .construct/org/worker-profiles/ to use it`,
    );
  return row;
}

/** What Construct 2.x's governed modes would say of a pack's prompt file, or null when it is fine. */
async function promptProblem(dir: string, rel: string, profile: string): Promise<string | null> {
  let file: string;
  try {
    file = confinedPath(dir, rel);
  } catch {
    return `(${rel}) is outside the pack`;
  }
  try {
    const read = await readTextNoFollow(file, { limit: MAX_PROMPT_BYTES });
    const front = parseFrontmatter(read.text);
    if (!front.ok) return `(${rel}): ${front.message}`;
    const named = front.data.workerProfileId;
    if (named !== profile)
      return `(${rel}): its frontmatter must say workerProfileId: ${profile}${typeof named === "string" ? ` (it says ${named})` : ""}`;
    return null;
  } catch (error) {
    if (!(error instanceof NoFollowReadError)) throw error;
    return error.code === "missing" ? `is missing: ${rel}` : `(${rel}) ${error.message}`;
  }
}
