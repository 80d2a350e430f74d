import fs from "node:fs/promises";
import path from "node:path";
import semver from "semver";
import type { Section } from "@/schemas/kinds";
import { type PackRowTier, packManifestSchema } from "@/schemas/pack-manifest";
import type { ConstructInstall } from "../construct/detect";
import { loadTier } from "../org/tier-read";
import { displayPath, userPath } from "../org/tiers";
import { readJsonFile } from "../store/read";
import { checkPackPrompt, type LoadedPack, MANIFEST } from "./pack-disk";
import { inspectV2 } from "./pack-inspect-v2";
import { fileProblems, recordProblems, refuse } from "./pack-problems";

export type InspectContext = {
  root: string;
  coreVersion: string;
  construct?: ConstructInstall;
  /** Whether a lower tier holds the record, which a pack's record then overrides field by field. */
  overrides?: (section: Section, id: string) => boolean;
};

/** Checks one pack folder; never throws for what is inside it. */
export async function inspectPack(
  ctx: InspectContext,
  dir: string,
  tier: PackRowTier,
  seen: Record<string, string> = {},
  opts: { namesInsidePack?: boolean } = {},
): Promise<LoadedPack> {
  const manifestFile = path.join(dir, MANIFEST);
  // A pack being installed sits in a staging folder that is gone by the time anyone reads the message.
  const show = (file: string) =>
    opts.namesInsidePack
      ? path.relative(dir, file) || "."
      : tier === "user"
        ? userPath(file)
        : displayPath(file, ctx.root);
  const shown = show(manifestFile);
  const row: LoadedPack = {
    id: path.basename(dir),
    version: null,
    tier,
    path: show(dir),
    enabled: false,
    compat: { range: null, core: ctx.coreVersion, ok: false },
    contributes: { teams: [], specialists: [], contracts: [], prompts: [], workflows: [] },
    shadowedBy: null,
    deprecation: null,
    errors: [],
    problems: [],
    warnings: [],
    dir,
    manifest: null,
    org: null,
  };
  const read = await readJsonFile(manifestFile);
  if (!read.ok) {
    if (read.code === "missing")
      refuse(row, "pack-manifest-missing", null, `${shown}: no ${MANIFEST} in the pack folder`);
    else if (read.code === "symlink")
      refuse(
        row,
        "pack-manifest-symlink",
        MANIFEST,
        `${shown}: is a symbolic link; packs may not link outside themselves`,
      );
    else refuse(row, "pack-manifest-json", MANIFEST, `${shown}: failed to parse JSON (${read.message})`);
    return row;
  }
  if (ctx.construct?.generation === "2")
    return inspectV2(row, read.value, { dir, shown, construct: ctx.construct, overrides: ctx.overrides });
  const parsed = packManifestSchema.safeParse(read.value);
  if (!parsed.success) {
    const rawId = (read.value as { id?: unknown })?.id;
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
    core: ctx.coreVersion,
    ok: semver.satisfies(ctx.coreVersion, manifest.compatVersion, { includePrerelease: true }),
  };
  if (!row.compat.ok) {
    refuse(
      row,
      "pack-compat",
      MANIFEST,
      `pack '${manifest.id}' requires core ${manifest.compatVersion}, but this is ${ctx.coreVersion}: it is not loaded — install a release of the pack compatible with ${ctx.coreVersion}, or upgrade Construct`,
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
  recordProblems(row, org, ctx.overrides ?? (() => false));
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
