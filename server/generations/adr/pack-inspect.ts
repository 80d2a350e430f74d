import fs from "node:fs/promises";
import path from "node:path";
import semver from "semver";
import { packManifestSchema } from "@/schemas/pack-manifest";
import type { PackInspectContext } from "@/server/generations/adapter";
import { loadTier } from "@/server/org/tier-read";
import { checkPackPrompt, type LoadedPack, MANIFEST } from "@/server/packs/pack-disk";
import { fileProblems, recordProblems, refuse } from "@/server/packs/pack-problems";

/**
 * A pack of the earlier org: its manifest's semver `compatVersion` checked against the studio's core
 * version, its prompts checked, and its `org/` read as a tier whose records override lower tiers'
 * field by field.
 */
export async function inspectAdrPack(row: LoadedPack, value: unknown, ctx: PackInspectContext): Promise<LoadedPack> {
  const { dir, shown, coreVersion, seen } = ctx;
  const parsed = packManifestSchema.safeParse(value);
  if (!parsed.success) {
    const rawId = (value as { id?: unknown })?.id;
    if (typeof rawId === "string") row.id = rawId;
    for (const issue of parsed.error.issues)
      refuse(
        row,
        "pack-manifest",
        MANIFEST,
        `${shown}: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`,
      );
    return row;
  }
  const manifest = parsed.data;
  row.manifest = manifest;
  row.id = manifest.id;
  row.version = manifest.version;
  row.compat = {
    range: manifest.compatVersion,
    core: coreVersion,
    ok: semver.satisfies(coreVersion, manifest.compatVersion, { includePrerelease: true }),
  };
  if (!row.compat.ok) {
    refuse(
      row,
      "pack-compat",
      MANIFEST,
      `pack '${manifest.id}' requires core ${manifest.compatVersion}, but this is ${coreVersion}: it is not loaded — install a release of the pack compatible with ${coreVersion}, or upgrade Construct`,
    );
  }
  if (manifest.deprecation) {
    row.deprecation = manifest.deprecation;
    row.warnings.push(
      `pack '${manifest.id}' is deprecated since ${manifest.deprecation.since}: ${manifest.deprecation.message}${manifest.deprecation.replacement ? ` — use '${manifest.deprecation.replacement}' instead` : ""}`,
    );
  }
  if (seen[manifest.id] && semver.valid(seen[manifest.id]) && semver.lt(manifest.version, seen[manifest.id])) {
    row.warnings.push(
      `pack '${manifest.id}' ${manifest.version} is older than ${seen[manifest.id]}, installed here before (downgrade)`,
    );
  }
  for (const [specialist, rel] of Object.entries(manifest.prompts ?? {})) {
    const check = await checkPackPrompt(dir, rel);
    if (!check.ok) {
      const what =
        check.code === "missing"
          ? `declared prompt file missing for '${specialist}'`
          : `prompt for '${specialist}' is invalid`;
      refuse(row, "pack-prompt", rel, `pack '${manifest.id}': ${what}: ${check.message}`);
    }
    row.contributes.prompts.push(specialist);
  }
  const orgDir = path.join(dir, "org");
  // A linked org folder or section is reported by loadTier, like one in any other tier.
  const org = await loadTier("builtin", orgDir, dir);
  row.org = org;
  fileProblems(row, org, manifest.id);
  recordProblems(row, org, ctx.overrides);
  row.contributes.teams = [
    ...new Set([...(manifest.teams ?? []), ...org.entities.teams.keys(), ...org.entities.groups.keys()]),
  ];
  row.contributes.specialists = [...new Set([...(manifest.specialists ?? []), ...org.entities.specialists.keys()])];
  row.contributes.contracts = [...org.entities.contracts.keys()];
  row.contributes.workflows = (await fs.readdir(path.join(dir, "workflows")).catch(() => [] as string[]))
    .filter((n) => n.endsWith(".manifest.json"))
    .map((n) => n.slice(0, -".manifest.json".length))
    .sort();
  return row;
}
