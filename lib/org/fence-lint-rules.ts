import type { FieldError } from "@/schemas/field-error";
import type { EntityRecord, Section } from "@/schemas/kinds";
import { isObject, specialistView, teamView } from "@/schemas/views";
import { fenceField } from "./effective-fence";
import { type FenceLint, type FenceTeam, fenceLint, REMOVABLE_RULES } from "./fence-lint";
import { entityPath, fieldError } from "./field-error";
import { type OrgIndex, record, strs, teamOf } from "./org-index";

/** Where a record keeps its fence, or null for a kind that has none. */
export function fenceFieldOf(section: Section, rec: Record<string, unknown>): "fence" | "policyFence" | null {
  if (section === "specialists") return "fence";
  return section === "worker-profiles" ? fenceField(rec) : null;
}

/** A specialist's team narrows its fence; Construct 2.x has no teams, so a worker profile's fence stands alone. */
function teamOfSpecialist(ix: OrgIndex, rec: Record<string, unknown>): FenceTeam | undefined {
  const id = teamOf(specialistView(rec));
  const team = id ? (record(ix, "teams", id) ?? record(ix, "groups", id)) : undefined;
  return id && team ? { id, forbiddenDecisions: strs(teamView(team).forbiddenDecisions) } : undefined;
}

/** The lint of one fence as FieldErrors at the record's items (`#/specialists/<id>/fence/allowedPaths/2`). */
export function toFieldErrors(section: Section, id: string, field: string, lints: readonly FenceLint[]): FieldError[] {
  return lints.map((l) => fieldError(l.id, "warning", l.message, section, id, [field, ...l.path]));
}

/** Fence entries that do nothing, for the specialists and worker profiles (custom and registry) that hold a fence. */
export function fenceLintRules(ix: OrgIndex, section: Section, id: string, rec: Record<string, unknown>): FieldError[] {
  const field = fenceFieldOf(section, rec);
  if (!field || !isObject(rec[field])) return [];
  const team = section === "specialists" ? teamOfSpecialist(ix, rec) : undefined;
  return toFieldErrors(section, id, field, fenceLint(rec[field], team));
}

/**
 * The one-click fix of a shadowed or ineffective entry: the record without the item the problem
 * points at, or null when the problem has no such fix or the list holds no item at that index.
 * A registry profile's `policyFence` item is found in the custom copy's `fence`, which keeps its lists.
 */
export function withoutLintedEntry(rec: EntityRecord, problem: FieldError): EntityRecord | null {
  if (!REMOVABLE_RULES.includes(problem.id)) return null;
  const [field, key, index] = entityPath(problem.location);
  const holder = field === "policyFence" && !isObject(rec.policyFence) ? "fence" : field;
  const fence = rec[holder];
  if ((holder !== "fence" && holder !== "policyFence") || !isObject(fence) || !/^\d+$/.test(index ?? "")) return null;
  const list = fence[key];
  if (!Array.isArray(list) || Number(index) >= list.length) return null;
  return { ...rec, [holder]: { ...fence, [key]: list.filter((_, i) => i !== Number(index)) } };
}
