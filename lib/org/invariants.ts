import type { FieldError } from "@/schemas/field-error";
import type { Section, SectionOf, WritableEntityKind } from "@/schemas/kinds";
import { contractView, groupView, policyView, specialistView, teamView } from "@/schemas/views";
import { contractRules, policyRules } from "./link-rules";
import { groupRules, specialistRules, teamRules } from "./member-rules";
import { type AnyRecord, bucket, type OrgIndex, type Ref, record, ref, str, strs, teamOf } from "./org-index";

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
  "worker-profiles": () => [],
};
const hasRules = (section: Section): section is keyof typeof RULES => section in RULES;

/** Every graph-rule problem of one entity. */
export function graphRules(ix: OrgIndex, section: Section, id: string): FieldError[] {
  const rec = record(ix, section, id);
  return rec && hasRules(section) ? RULES[section](ix, id, rec) : [];
}

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
  }
  return out;
}
