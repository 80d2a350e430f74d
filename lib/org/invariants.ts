import type { FieldError } from "@/schemas/field-error";
import type { EntityRecord, Section, SectionOf, WritableEntityKind } from "@/schemas/kinds";
import { contractView, groupView, policyView, specialistView, teamView } from "@/schemas/views";
import { fenceLintRules } from "./fence-lint-rules";
import { contractRules, policyRules } from "./link-rules";
import { groupRules, specialistRules, teamRules } from "./member-rules";
import { type AnyRecord, bucket, type OrgIndex, type Ref, record, ref, str, strs, teamOf } from "./org-index";
import { isRegistrySection, registryRules } from "./registry-rules";
import { profileRules } from "./worker-profile-rules";

/**
 * The graph invariants: rules that look across entities. Each rule reads one entity and the
 * index, so a draft re-runs exactly the entities it can affect; `dependents` must therefore name
 * every index bucket the rules in `member-rules.ts` and `link-rules.ts` read.
 */

type Rules = (ix: OrgIndex, id: string, rec: AnyRecord) => FieldError[];

/** Per section the studio writes; a read-only kind's records are shown as they are, with no graph rules. */
const RULES: { [K in WritableEntityKind as SectionOf<K>]: Rules } = {
  specialists: (ix, id, rec) => specialistRules(ix, id, specialistView(rec)),
  teams: (ix, id, rec) => teamRules(ix, id, teamView(rec)),
  groups: (ix, id, rec) => groupRules(ix, id, groupView(rec)),
  contracts: (ix, id, rec) => contractRules(ix, id, contractView(rec)),
  policies: (ix, id, rec) => policyRules(ix, id, policyView(rec)),
  "worker-profiles": (ix, id, rec) => profileRules(ix, id, rec as EntityRecord),
};
const hasRules = (section: Section): section is keyof typeof RULES => section in RULES;

/**
 * Every graph-rule problem of one entity; a record of Construct 2.x's registry gets the registry's
 * rules. A fence's entries that do nothing are warned about in either generation.
 */
export function graphRules(ix: OrgIndex, section: Section, id: string): FieldError[] {
  const rec = record(ix, section, id);
  if (!rec) return [];
  const own = isFromRegistry(ix, section, id)
    ? registryRules(ix, section, id, rec as EntityRecord)
    : hasRules(section)
      ? RULES[section](ix, id, rec)
      : [];
  return [...own, ...fenceLintRules(ix, section, id, rec)];
}

/** Whether the record is the installed package's own, which Construct judges with its registry validator. */
export const isFromRegistry = (ix: OrgIndex, section: Section, id: string) =>
  isRegistrySection(section) && !!ix.registry?.has(ref(section, id));

/**
 * Entities whose graph rules can change when `section/id` changes from `before` to `after`:
 * the entity itself and everything that names it or one of its keys.
 */
export function dependents(
  ix: OrgIndex,
  section: Section,
  id: string,
  before: AnyRecord | undefined,
  after: AnyRecord | undefined,
): Set<Ref> {
  const out = new Set<Ref>([ref(section, id)]);
  const addAll = (refs: readonly Ref[]) => {
    for (const r of refs) out.add(r);
  };
  const both = [before, after].filter((r): r is AnyRecord => !!r);
  switch (section) {
    case "specialists":
      for (const rec of both.map(specialistView)) {
        const team = teamOf(rec);
        if (team) {
          out.add(ref("teams", team));
          out.add(ref("groups", team));
        }
        addAll(bucket(ix, "specialistsByName", str(rec.name)));
        addAll(bucket(ix, "handoffsByRole", str(rec.role)));
        addAll(bucket(ix, "handoffsByBaseRole", str(rec.role)));
      }
      addAll(bucket(ix, "contractsByParty", id));
      addAll(bucket(ix, "teamsByListedMember", id));
      break;
    case "teams":
    case "groups":
      for (const raw of both)
        for (const role of strs((section === "teams" ? teamView(raw) : groupView(raw)).roles))
          addAll(bucket(ix, "escalationsByRole", role));
      addAll(bucket(ix, "membersByTeam", id));
      addAll(bucket(ix, "contractsByTeam", id));
      addAll(bucket(ix, "policiesByRef", id));
      addAll(bucket(ix, "groupsBySquad", id));
      addAll(bucket(ix, "byGroupId", id));
      break;
    case "policies":
      addAll(bucket(ix, "teamsByPolicy", id));
      addAll(bucket(ix, "policiesByRef", id));
      break;
    case "contracts":
      break;
    case "worker-profiles":
      for (const rec of both as EntityRecord[])
        if (typeof rec.role === "string") addAll(bucket(ix, "profileHandoffs", rec.role));
      addAll(bucket(ix, "profileHandoffs", id));
      break;
  }
  return out;
}
