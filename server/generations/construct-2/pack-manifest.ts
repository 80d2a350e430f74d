import semver from "semver";
import type { Construct2PackManifest } from "@/schemas/pack-manifest";

/** Construct 2.x's PACK_COMPAT_VERSION: the highest `compatVersion` its pack loader accepts. */
export const PACK_COMPAT_VERSION = 1;
/** The core pack Construct 2.x builds from its registry: always enabled, never a file. */
export const CORE_PACK_ID = "@construct/core";
export const CORE_PACK_VERSION = "0.0.0";

// Construct 2.x's own grammar for a pack's id and version (lib/packs/validate.mjs in its package).
const V2_PACK_ID = /^[a-z0-9\-./@]+$/;
const V2_SEMVER = /^\d+\.\d+\.\d+(?:[-+].+)?$/;

/** "Construct 2.1.1", or "the installed Construct 2.x" when its version is not known. */
export function constructName(version: string | null): string {
  return version ? `Construct ${version}` : "the installed Construct 2.x";
}

/**
 * What Construct 2.x refuses in a manifest its schema already parsed, in its words; a semver range
 * in `compatVersion` (the earlier pack format) says what to write instead.
 */
export function construct2PackManifestProblems(manifest: Construct2PackManifest, construct: string | null): string[] {
  const errors: string[] = [];
  if (manifest.id.length === 0) errors.push("id must be a non-empty string");
  else if (!V2_PACK_ID.test(manifest.id)) errors.push(`id must match [a-z0-9-./@]+ (got '${manifest.id}')`);
  if (!V2_SEMVER.test(manifest.version)) errors.push("version must be a semver string");
  const compat = manifest.compatVersion;
  if (compat === undefined || compat === null) {
    errors.push(
      `missing required field: compatVersion (an integer; ${PACK_COMPAT_VERSION} for ${constructName(construct)})`,
    );
  } else if (typeof compat === "string" && semver.validRange(compat) !== null) {
    errors.push(
      `compatVersion ${JSON.stringify(compat)} is a semver range, which ${constructName(construct)} refuses ("compatVersion must be an integer"): write "compatVersion": ${PACK_COMPAT_VERSION}`,
    );
  } else if (typeof compat !== "number" || !Number.isInteger(compat)) {
    errors.push(
      `compatVersion must be an integer (got ${JSON.stringify(compat)}): write "compatVersion": ${PACK_COMPAT_VERSION}`,
    );
  } else if (compat > PACK_COMPAT_VERSION) {
    errors.push(
      `compatVersion ${compat} exceeds supported version ${PACK_COMPAT_VERSION}; upgrade Construct to use this pack (${constructName(construct)} reads compatVersion ${PACK_COMPAT_VERSION})`,
    );
  }
  return errors;
}

/**
 * The worker profile ids a manifest's `workerProfiles` names: a list of ids, as the core pack
 * writes it, or an object keyed by id. Anything else names none, with a warning.
 */
export function workerProfileIds(value: unknown): { ids: string[]; warning?: string } {
  if (value === undefined) return { ids: [] };
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return { ids: [...value] };
  if (value && typeof value === "object" && !Array.isArray(value)) return { ids: Object.keys(value) };
  return { ids: [], warning: "workerProfiles should list worker profile ids; it is not read" };
}
