import { createHash } from "node:crypto";
import path from "node:path";
import { buildPointer } from "@/lib/json/pointer";
import { isPlainObject } from "@/lib/json/safe-json";
import { dottedIdProblem } from "@/schemas/common";
import type { FieldError } from "@/schemas/field-error";
import { loadTier } from "@/server/org/tier-read";
import { displayPath, type TierData, type TierFolder } from "@/server/org/tiers";
import { readJsonFileSync } from "@/server/store/read";

/** The registry's catalog folders, one record a file; capabilities are one file, read below. */
const REGISTRY_FOLDERS: readonly TierFolder[] = [
  { section: "worker-profiles", folder: "worker-profiles" },
  { section: "procedures", folder: "procedures" },
  { section: "registry-policies", folder: "policies" },
  { section: "workspace-presets", folder: "workspace-presets" },
];

const capabilityProblem = (shown: string, id: string, rule: string, message: string): FieldError => ({
  id: rule,
  severity: "error",
  message: `${shown}: ${message}`,
  location: buildPointer("capabilities", id),
  path: shown,
});

/**
 * Construct 2.x's built-in tier: its installed package's `registry/`. A broken file becomes a
 * FieldError naming it and the rest of the registry loads, as in every tier.
 */
export async function loadRegistryTier(dir: string, displayBase: string): Promise<TierData> {
  const tier = await loadTier("builtin", dir, displayBase, REGISTRY_FOLDERS);
  const file = path.join(dir, "capabilities.json");
  const shown = displayPath(file, displayBase);
  const read = readJsonFileSync(file);
  if (!read.ok) {
    if (read.code !== "missing")
      tier.problems.push(
        capabilityProblem(shown, "", `file-${read.code}`, `${read.message}; no capability is shown until it is fixed`),
      );
    return tier;
  }
  const source = read.value;
  if (!isPlainObject(source) || source.schemaVersion !== 1 || !Array.isArray(source.capabilities)) {
    tier.problems.push(
      capabilityProblem(
        shown,
        "",
        "registry-capabilities-shape",
        "must declare schemaVersion 1 and a capabilities array, as Construct requires; no capability is shown until it is fixed",
      ),
    );
    return tier;
  }
  source.capabilities.forEach((capability, index) => {
    const id = isPlainObject(capability) ? capability.id : undefined;
    const bad = dottedIdProblem(id);
    if (!isPlainObject(capability) || bad) {
      tier.problems.push(
        capabilityProblem(
          `${shown}#/capabilities/${index}`,
          typeof id === "string" ? id : "",
          "invalid-registry-entry",
          `${bad ?? "a capability must be an object"}; it is not shown`,
        ),
      );
      return;
    }
    const etag = createHash("sha256").update(JSON.stringify(capability)).digest("hex");
    tier.entities.capabilities.set(id as string, { scope: "builtin", file, path: shown, record: capability, etag });
  });
  return tier;
}
