import { readdirSync } from "node:fs";
import path from "node:path";
import type { ConstructInstall } from "@/server/construct/detect";
import { displayPath } from "@/server/org/tiers";
import type { LoadedPack } from "@/server/packs/pack-disk";
import { CORE_PACK_ID, CORE_PACK_VERSION, constructName, PACK_COMPAT_VERSION } from "./pack-manifest";

/** The packs shipped inside the Construct 2.x package (none in 2.1.1, read when a release has them). */
export function builtinPacksDir(install: ConstructInstall): string | null {
  return install.packageDir ? path.join(install.packageDir, "lib", "packs", "manifests") : null;
}

/**
 * Construct 2.x's core pack, built from its registry rather than read from a manifest: always
 * enabled. Its worker profiles are the built-in tier already, so it adds no tier of its own.
 */
export function corePackRow(paths: { construct: ConstructInstall; root: string }): LoadedPack | null {
  const pkg = paths.construct.packageDir;
  if (!pkg) return null;
  const profilesDir = path.join(pkg, "registry", "worker-profiles");
  let profiles: string[] = [];
  try {
    profiles = readdirSync(profilesDir)
      .filter((n) => n.endsWith(".json"))
      .map((n) => n.slice(0, -".json".length))
      .sort();
  } catch {
    // a package without a registry contributes no worker profiles
  }
  return {
    id: CORE_PACK_ID,
    version: CORE_PACK_VERSION,
    tier: "builtin",
    core: true,
    path: displayPath(profilesDir, paths.root),
    enabled: true,
    compat: {
      range: String(PACK_COMPAT_VERSION),
      core: `${constructName(paths.construct.version)} (compatVersion ${PACK_COMPAT_VERSION})`,
      ok: true,
    },
    contributes: { teams: [], specialists: [], contracts: [], prompts: [], workflows: [], workerProfiles: profiles },
    shadowedBy: null,
    deprecation: null,
    errors: [],
    problems: [],
    warnings: [],
    dir: profilesDir,
    manifest: null,
    org: null,
  };
}
