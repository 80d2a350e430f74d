import { shapeErrors } from "@/lib/org/validate";
import { ENTITY_KIND_SPECS, KIND_OF, SECTIONS, type Section } from "@/schemas/kinds";
import type { PackRow } from "@/schemas/pack-manifest";
import type { TierData } from "../org/tiers";

/** An error that stops the pack from loading, named by its rule and the file inside the pack it is in. */
export function refuse(row: PackRow, rule: string, file: string | null, message: string): void {
  row.errors.push(message);
  row.problems.push({ rule, file, message, blocks: true });
}

/** The pack's org files that cannot be read: the pack is not loaded until they are fixed. */
export function fileProblems(row: PackRow, org: TierData, packId: string): void {
  for (const problem of org.problems.filter((p) => p.severity === "error"))
    refuse(row, problem.id, problem.path ?? null, `pack '${packId}': ${problem.message}`);
}

/**
 * Records of the pack that Construct would refuse, checked alone: a record overriding a lower tier's
 * field by field (`overrides`) is whole only once merged, so it is left to the org's own check. The
 * pack still loads; enabling it shows what it would break.
 */
export function recordProblems(
  row: PackRow,
  org: TierData,
  overrides: (section: Section, id: string) => boolean,
): void {
  for (const section of SECTIONS) {
    const kind = KIND_OF[section];
    for (const [id, layer] of org.entities[section]) {
      if (ENTITY_KIND_SPECS[kind].merge === "fields" && overrides(section, id)) continue;
      for (const e of shapeErrors(kind, id, layer.record).filter((p) => p.severity === "error"))
        row.problems.push({ rule: e.id, file: layer.path, message: `${layer.path}: ${e.message}`, blocks: false });
    }
  }
}
