import { checkAction } from "@/lib/org/fence";
import {
  REACH_LISTS,
  type Reach,
  type ReachDecision,
  type ReachEntry,
  type ReachList,
  type ReachStep,
} from "@/schemas/access";
import type { AccessGraph, Principal } from "./graph";

/** How a fence entry reads in a reach: `edit src/**`, `run npm test`, `push with approval`. */
export function describeGrant(list: ReachList, entry: string): string {
  switch (list) {
    case "allowedPaths":
      return `edit ${entry}`;
    case "allowedCommands":
      return `run ${entry}`;
    case "allowedBdLabels":
      return `label ${entry}`;
    case "approvalRequired":
      // `edit:src/**` reads as the action and its glob.
      return `${entry.replace(":", " ")} with approval`;
  }
}

/** `cx-reviewer → handoff → cx-engineer`: the start, then each step's kind and where it lands. */
export function describePath(start: string, path: readonly ReachStep[]): string {
  return [start, ...path.flatMap((s) => [s.via, s.to])].join(" → ");
}

type Visit = { principal: Principal; path: ReachStep[] };

/** Breadth-first from `starts` over `steps`: everyone reached, each by a shortest path, in order. */
function walk(graph: AccessGraph, starts: readonly Visit[], steps: (node: string) => readonly ReachStep[]): Visit[] {
  const seen = new Set(starts.map((v) => v.principal.node));
  const order: Visit[] = [];
  const queue = [...starts];
  // A cycle of handoffs ends here: each principal is visited once.
  for (let i = 0; i < queue.length; i++) {
    const visit = queue[i];
    order.push(visit);
    for (const step of steps(visit.principal.node)) {
      const next = graph.byId.get(step.to);
      if (!next || seen.has(next.node)) continue;
      seen.add(next.node);
      queue.push({ principal: next, path: [...visit.path, step] });
    }
  }
  return order;
}

const key = (list: ReachList, entry: string) => `${list}\t${entry}`;

function entriesOf(start: string, visits: readonly Visit[], skip: ReadonlySet<string>): ReachEntry[] {
  const seen = new Set(skip);
  const out: ReachEntry[] = [];
  for (const { principal, path } of visits)
    for (const list of REACH_LISTS)
      for (const entry of principal.fence[list]) {
        const k = key(list, entry);
        if (seen.has(k)) continue;
        seen.add(k);
        out.push({
          list,
          entry,
          holder: principal.id,
          path,
          text: `${describePath(start, path)}: ${describeGrant(list, entry)}`,
        });
      }
  return out;
}

/** Everyone reached through handoffs and contracts, then whoever only escalating reaches. */
function visitsFrom(graph: AccessGraph, start: Principal): { direct: Visit[]; escalated: Visit[] } {
  const direct = walk(graph, [{ principal: start, path: [] }], (node) => graph.out.get(node) ?? []);
  const directNodes = new Set(direct.map((v) => v.principal.node));
  // Escalating hands the task on, and handoffs continue from wherever it lands.
  const all = walk(graph, direct, (node) => [...(graph.out.get(node) ?? []), ...(graph.escalate.get(node) ?? [])]);
  return { direct, escalated: all.filter((v) => !directNodes.has(v.principal.node)) };
}

/** The reach of one specialist or worker profile, or null when the org has no such id. */
export function reachOf(graph: AccessGraph, id: string): Reach | null {
  const start = graph.byId.get(id);
  if (!start) return null;
  const { direct, escalated } = visitsFrom(graph, start);
  const entries = entriesOf(id, direct, new Set());
  const escalations = entriesOf(id, escalated, new Set(entries.map((e) => key(e.list, e.entry))));
  const visits = [...direct, ...escalated];
  return {
    id,
    kind: start.kind,
    reached: direct.map((v) => ({ id: v.principal.id, path: v.path })),
    entries,
    escalatedTo: escalated.map((v) => ({ id: v.principal.id, path: v.path })),
    escalations,
    invalid: visits.flatMap((v) => v.principal.invalid.map((i) => ({ holder: v.principal.id, ...i }))),
    notes: visits.flatMap((v) => (v.principal.note ? [{ id: v.principal.id, message: v.principal.note }] : [])),
    nodes: visits.map((v) => v.principal.node),
    edges: [...new Set(visits.flatMap((v) => v.path.map((s) => s.edge)))],
  };
}

/**
 * Whether a task that starts with `id` can do `action` on `target` through anyone it reaches,
 * escalations included (a "never reaches" claim must hold on every path). An action that needs
 * approval counts as reachable: with the approval, it happens.
 */
export function reachesAction(graph: AccessGraph, id: string, action: string, target = ""): ReachDecision | null {
  const start = graph.byId.get(id);
  if (!start) return null;
  const { direct, escalated } = visitsFrom(graph, start);
  for (const { principal, path } of [...direct, ...escalated]) {
    const d = checkAction(principal.fence, action, target);
    if (d.decision !== "allowed" && d.decision !== "needs-approval") continue;
    const what = `${action}${target ? ` ${target}` : ""}${d.decision === "needs-approval" ? " (with approval)" : ""}`;
    return {
      reachable: true,
      grant: {
        holder: principal.id,
        decision: d.decision,
        ...(d.rule ? { rule: d.rule } : {}),
        path,
        text: `${describePath(id, path)}: ${what}${d.rule ? ` by ${d.rule}` : ""}`,
      },
    };
  }
  return { reachable: false, grant: null };
}
