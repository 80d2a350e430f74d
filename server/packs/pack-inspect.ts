import path from "node:path";
import type { Section } from "@/schemas/kinds";
import type { PackRowTier } from "@/schemas/pack-manifest";
import type { ConstructInstall } from "../construct/detect";
import type { PackRules } from "../generations/adapter";
import { displayPath, userPath } from "../org/tiers";
import { readJsonFile } from "../store/read";
import { type LoadedPack, MANIFEST } from "./pack-disk";
import { refuse } from "./pack-problems";

export type InspectContext = {
  root: string;
  coreVersion: string;
  construct: ConstructInstall;
  /** How the project's generation reads a pack's manifest and what the pack contributes. */
  rules: PackRules;
  /** Whether a lower tier holds the record, which a pack's record then overrides. */
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
  return ctx.rules.inspect(row, read.value, {
    dir,
    shown,
    install: ctx.construct,
    coreVersion: ctx.coreVersion,
    seen,
    overrides: ctx.overrides ?? (() => false),
  });
}
