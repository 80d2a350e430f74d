import type { OrgRecords } from "@/schemas/kinds";

export type ProfileMembership = { kind: "procedure" | "capability"; id: string; field: string };

const names = (list: unknown, id: string) => Array.isArray(list) && list.includes(id);

/**
 * The procedures a Construct 2.x worker profile takes part in (`workerProfiles`, or the one an embed block
 * runs as) and the capabilities it owns (`ownerWorkerProfiles`), each with the field that names it.
 */
export function profileMemberships(org: OrgRecords, profileId: string): ProfileMembership[] {
  const out: ProfileMembership[] = [];
  for (const [id, p] of Object.entries(org.procedures)) {
    if (names(p.workerProfiles, profileId)) out.push({ kind: "procedure", id, field: "workerProfiles" });
    else if ((p.embed as { workerProfileId?: unknown } | undefined)?.workerProfileId === profileId)
      out.push({ kind: "procedure", id, field: "embed.workerProfileId" });
  }
  for (const [id, c] of Object.entries(org.capabilities))
    if (names(c.ownerWorkerProfiles, profileId)) out.push({ kind: "capability", id, field: "ownerWorkerProfiles" });
  return out;
}
