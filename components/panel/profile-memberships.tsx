"use client";

import { profileMemberships } from "@/lib/org/profile-memberships";
import type { OrgRecords } from "@/schemas/kinds";
import type { PanelTarget } from "./entity-panel";

/** Where a worker profile takes part, from the registry's side: each entry opens its record. */
export function ProfileMemberships({
  org,
  id,
  onOpen,
}: {
  org: OrgRecords;
  id: string;
  onOpen: (target: PanelTarget) => void;
}) {
  const memberships = profileMemberships(org, id);
  if (!memberships.length) return null;
  return (
    <section className="mt-3" data-testid="profile-memberships">
      <h3 className="mb-1 text-xs font-semibold uppercase text-muted">Takes part in</h3>
      <ul className="flex flex-wrap gap-1">
        {memberships.map((m) => (
          <li key={`${m.kind}:${m.id}`}>
            <button
              type="button"
              title={`${m.kind} ${m.id}: named in its ${m.field}`}
              className="rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
              onClick={() => onOpen({ kind: m.kind, id: m.id })}
            >
              {m.kind} {m.id}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
