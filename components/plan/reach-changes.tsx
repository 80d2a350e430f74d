"use client";

import type { ReachChange } from "@/schemas/plan";

type Group = {
  action: ReachChange["action"];
  id: string;
  count: number;
  holders: string[];
  /** Each path once, with what it grants: one new handoff usually widens many entries along one path. */
  paths: { path: string; grants: string[] }[];
};

/** A few names and how many more, so one line stays one line at 1,000 specialists. */
export function someOf(ids: readonly string[], few = 3): string {
  return ids.length > few ? `${ids.slice(0, few).join(", ")} and ${ids.length - few} more` : ids.join(", ");
}

/** `cx-a → handoff → cx-b: edit src/**` is the path, then what it grants; ids never hold ": ". */
function splitDetail(detail: string): [string, string] {
  const at = detail.indexOf(": ");
  return at < 0 ? [detail, ""] : [detail.slice(0, at), detail.slice(at + 2)];
}

function groupsOf(items: readonly ReachChange[]): Group[] {
  const groups = new Map<string, Group>();
  for (const c of items) {
    const key = `${c.action}\t${c.id}`;
    let g = groups.get(key);
    if (!g) {
      g = { action: c.action, id: c.id, count: 0, holders: [], paths: [] };
      groups.set(key, g);
    }
    g.count++;
    if (!g.holders.includes(c.holder)) g.holders.push(c.holder);
    const [path, grant] = splitDetail(c.detail);
    const known = g.paths.find((p) => p.path === path);
    if (known) known.grants.push(grant);
    else g.paths.push({ path, grants: [grant] });
  }
  return [...groups.values()];
}

/**
 * Reach changes one line per specialist, its paths inside: a new handoff widens the reach of everyone
 * upstream by every entry downstream, which as one line each buries the change the user made.
 */
export function ReachChanges({
  items,
  limit,
  tone,
}: {
  items: readonly ReachChange[];
  limit: number;
  tone: Record<string, string>;
}) {
  const groups = groupsOf(items);
  return (
    <ul className="space-y-0.5 font-mono text-xs">
      {groups.slice(0, limit).map((g) => (
        <li
          key={`${g.action}\t${g.id}`}
          data-change-kind="reach"
          data-change-action={g.action}
          data-change-id={g.id}
          className={`rounded px-1 ${tone[g.action] ?? ""}`}
        >
          <details open={groups.length === 1}>
            <summary className="cursor-pointer">
              {g.action === "widen" ? "! REACH WIDENS" : "  reach narrows"} {g.id}: {g.action === "widen" ? "+" : "-"}
              {g.count} {g.count === 1 ? "entry" : "entries"} held by {someOf(g.holders)}
            </summary>
            <ul className="ml-3 mt-0.5 space-y-0.5 whitespace-pre-wrap font-normal">
              {g.paths.map((p) => (
                <li key={p.path}>
                  {p.path}: {p.grants.join(", ")}
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
      {groups.length > limit && <li className="text-muted">… and {groups.length - limit} more specialists</li>}
    </ul>
  );
}
