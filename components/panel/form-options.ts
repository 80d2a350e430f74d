import type { FormOptions } from "@/components/forms/use-entity-form";
import type { OrgData } from "@/lib/queries/org";
import { WELL_KNOWN_PARTIES } from "@/schemas/kinds";

/** What the forms offer in their pickers: the org's teams, groups, roles, skills, policies and parties. */
export function formOptionsOf(data: OrgData | null): FormOptions {
  const org = data?.org;
  const roles = new Set<string>();
  for (const s of Object.values(org?.specialists ?? {})) if (typeof s.role === "string") roles.add(s.role);
  for (const t of [...Object.values(org?.teams ?? {}), ...Object.values(org?.groups ?? {})])
    if (Array.isArray(t.roles)) for (const r of t.roles) if (typeof r === "string") roles.add(r);
  // A worker profile's handoff candidate names another profile by its role or its id.
  for (const [id, p] of Object.entries(org?.["worker-profiles"] ?? {}))
    for (const r of [id, p.role]) if (typeof r === "string" && r) roles.add(r);
  return {
    teams: Object.keys(org?.teams ?? {}),
    groups: Object.keys(org?.groups ?? {}),
    roles: [...roles].sort(),
    skills: (data?.skills ?? []).map((s) => s.id),
    policies: Object.keys(org?.policies ?? {}),
    parties: [...WELL_KNOWN_PARTIES, ...Object.keys(org?.specialists ?? {})],
    specialists: Object.keys(org?.specialists ?? {}),
  };
}
