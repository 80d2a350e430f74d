import { effectiveFence, fenceField, normalizeFence } from "@/lib/org/effective-fence";
import { str } from "@/lib/org/org-index";
import type { EffectiveFence } from "@/schemas/fence";
import type { EntityRecord, OrgRecords } from "@/schemas/kinds";
import type { AccessChange } from "@/schemas/plan";
import { specialistView } from "@/schemas/views";

type TeamRecord = OrgRecords["teams" | "groups"][string];

export function teamOf(
  org: OrgRecords,
  s: OrgRecords["specialists"][string] | undefined,
): { id: string; rec: TeamRecord } | null {
  const id = str(specialistView(s).team);
  if (!id) return null;
  const rec = org.teams[id] ?? org.groups[id];
  return rec ? { id, rec } : null;
}

type FenceList = keyof EffectiveFence;
const LISTS: FenceList[] = ["allowedPaths", "allowedCommands", "allowedBdLabels", "approvalRequired", "deniedActions"];

/** Entries of one effective-fence list that widen and narrow, given whether the specialist exists. */
function listDelta(
  list: FenceList,
  before: EffectiveFence | null,
  after: EffectiveFence | null,
): { widen: string[]; narrow: string[] } {
  // An empty label list allows only next:* labels (checkAction, as Construct's own): each label is an entry like any other.
  const items = (f: EffectiveFence | null): string[] => (f ? f[list] : []);
  const a = items(before);
  const b = items(after);
  const gained = b.filter((x) => !a.includes(x));
  const lost = a.filter((x) => !b.includes(x));
  if (list === "deniedActions") return { widen: after ? lost : [], narrow: before ? gained : [] };
  return { widen: gained, narrow: lost };
}

function describeEntry(list: FenceList, entry: string, widen: boolean): string {
  switch (list) {
    case "allowedPaths":
      return widen ? `may now edit ${JSON.stringify(entry)}` : `may not edit ${JSON.stringify(entry)} any more`;
    case "allowedCommands":
      return widen ? `may now run ${JSON.stringify(entry)}` : `may not run ${JSON.stringify(entry)} any more`;
    case "allowedBdLabels":
      return widen
        ? `may now use label ${JSON.stringify(entry)}`
        : `may not use label ${JSON.stringify(entry)} any more`;
    case "approvalRequired":
      return widen
        ? `may now do ${JSON.stringify(entry)} with approval`
        : `may not do ${JSON.stringify(entry)} any more, even with approval`;
    case "deniedActions":
      return widen ? `not denied ${JSON.stringify(entry)} any more` : `now denied ${JSON.stringify(entry)}`;
  }
}

/** Access changes of one specialist: its effective fence (after its team) before and after. */
export function accessChanges(id: string, before: OrgRecords, after: OrgRecords, path?: string): AccessChange[] {
  const sa = before.specialists[id];
  const sb = after.specialists[id];
  const ta = teamOf(before, sa);
  const tb = teamOf(after, sb);
  const effA = sa ? effectiveFence(sa.fence, ta?.rec) : null;
  const effB = sb ? effectiveFence(sb.fence, tb?.rec) : null;
  const ownA = sa ? normalizeFence(sa.fence) : null;
  const ownB = sb ? normalizeFence(sb.fence) : null;
  const out: AccessChange[] = [];
  for (const list of LISTS) {
    const eff = listDelta(list, effA, effB);
    if (!eff.widen.length && !eff.narrow.length) continue;
    const own = listDelta(list, ownA, ownB);
    const via = (entry: string, widen: boolean) => {
      if (!sa) return "added";
      if (!sb) return "removed";
      if ((widen ? own.widen : own.narrow).includes(entry)) return "specialist";
      const team = tb?.id ?? ta?.id ?? str(specialistView(sb).team) ?? str(specialistView(sa).team);
      return team ? `team ${team}` : "team";
    };
    for (const entry of eff.widen)
      out.push({
        kind: "access",
        action: "widen",
        id,
        field: list,
        entry,
        detail: describeEntry(list, entry, true),
        via: via(entry, true),
        ...(path ? { path } : {}),
      });
    for (const entry of eff.narrow)
      out.push({
        kind: "access",
        action: "narrow",
        id,
        field: list,
        entry,
        detail: describeEntry(list, entry, false),
        via: via(entry, false),
        ...(path ? { path } : {}),
      });
  }
  return out;
}

/** Access changes of one Construct 2.x worker profile: it has no team, so its own fence is its effective one. */
export function profileAccessChanges(id: string, before: OrgRecords, after: OrgRecords, path?: string): AccessChange[] {
  const fenceOf = (org: OrgRecords) => {
    const rec = (org["worker-profiles"] as Record<string, EntityRecord>)[id];
    return rec ? normalizeFence(rec[fenceField(rec)]) : null;
  };
  const a = fenceOf(before);
  const b = fenceOf(after);
  const via = a ? (b ? "worker profile" : "removed") : "added";
  const out: AccessChange[] = [];
  for (const list of LISTS) {
    const { widen, narrow } = listDelta(list, a, b);
    for (const [action, entries] of [
      ["widen", widen],
      ["narrow", narrow],
    ] as const)
      for (const entry of entries)
        out.push({
          kind: "access",
          action,
          id,
          field: list,
          entry,
          detail: describeEntry(list, entry, action === "widen"),
          via,
          ...(path ? { path } : {}),
        });
  }
  return out;
}
