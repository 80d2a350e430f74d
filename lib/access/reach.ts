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
export function describePath(start: string, path: readonly ReachStep[], elided = 0): string {
  if (!elided) return [start, ...path.flatMap((s) => [s.via, s.to])].join(" → ");
  const half = path.length / 2;
  const head = path.slice(0, half).flatMap((s) => [s.via, s.to]);
  const tail = path.slice(half).flatMap((s) => [s.via, s.to]);
  return [start, ...head, `… ${elided} more step${elided === 1 ? "" : "s"} …`, ...tail].join(" → ");
}

/** Steps a path keeps at each end before the middle is elided: a reader follows a dozen hops, not a thousand. */
export const PATH_ENDS = 6;

/** `head` holds the path's first steps, shared down the tree, so no path is ever walked past its ends. */
type Visit = { principal: Principal; step: ReachStep | null; prev: Visit | null; hops: number; head: ReachStep[] };

const visitFrom = (prev: Visit, principal: Principal, step: ReachStep): Visit => ({
  principal,
  step,
  prev,
  hops: prev.hops + 1,
  head: prev.hops < PATH_ENDS ? [...prev.head, step] : prev.head,
});

/** The path to a visit, or its first and last steps and how many lie between. */
function pathTo(visit: Visit): { path: ReachStep[]; elided: number } {
  const long = visit.hops > 2 * PATH_ENDS;
  const tail: ReachStep[] = [];
  for (let v: Visit | null = visit; v?.step && (!long || tail.length < PATH_ENDS); v = v.prev) tail.push(v.step);
  tail.reverse();
  if (!long) return { path: tail, elided: 0 };
  return { path: [...visit.head, ...tail], elided: visit.hops - 2 * PATH_ENDS };
}

/** Breadth-first from `starts` over `steps`: everyone reached, each by a shortest path, in order. */
function walk(graph: AccessGraph, starts: readonly Visit[], steps: (node: string) => readonly ReachStep[]): Visit[] {
  const seen = new Set(starts.map((v) => v.principal.node));
  const queue = [...starts];
  // A cycle of handoffs ends here: each principal is visited once.
  for (let i = 0; i < queue.length; i++) {
    const visit = queue[i];
    for (const step of steps(visit.principal.node)) {
      const next = graph.byId.get(step.to);
      if (!next || seen.has(next.node)) continue;
      seen.add(next.node);
      queue.push(visitFrom(visit, next, step));
    }
  }
  return queue;
}

const key = (list: ReachList, entry: string) => `${list}\t${entry}`;

function entriesOf(start: string, visits: readonly Visit[], skip: ReadonlySet<string>): ReachEntry[] {
  const seen = new Set(skip);
  const out: ReachEntry[] = [];
  for (const visit of visits) {
    let route: ReturnType<typeof pathTo> | null = null;
    for (const list of REACH_LISTS)
      for (const entry of visit.principal.fence[list]) {
        const k = key(list, entry);
        if (seen.has(k)) continue;
        seen.add(k);
        route ??= pathTo(visit);
        out.push({
          list,
          entry,
          holder: visit.principal.id,
          path: route.path,
          ...(route.elided ? { elided: route.elided } : {}),
          text: `${describePath(start, route.path, route.elided)}: ${describeGrant(list, entry)}`,
        });
      }
  }
  return out;
}

/** Everyone reached through handoffs and contracts, then whoever only escalating reaches. */
function visitsFrom(graph: AccessGraph, start: Principal): { direct: Visit[]; escalated: Visit[] } {
  const direct = walk(
    graph,
    [{ principal: start, step: null, prev: null, hops: 0, head: [] }],
    (node) => graph.out.get(node) ?? [],
  );
  // Escalating hands the task on, and handoffs continue from wherever it lands.
  const all = walk(graph, direct, (node) => [...(graph.out.get(node) ?? []), ...(graph.escalate.get(node) ?? [])]);
  return { direct, escalated: all.slice(direct.length) };
}

const tree = (visits: readonly Visit[]) => visits.map((v) => ({ id: v.principal.id, step: v.step, hops: v.hops }));

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
    reached: tree(direct),
    entries,
    escalatedTo: tree(escalated),
    escalations,
    invalid: visits.flatMap((v) => v.principal.invalid.map((i) => ({ holder: v.principal.id, ...i }))),
    notes: visits.flatMap((v) => [
      ...(v.principal.note ? [{ id: v.principal.id, message: v.principal.note }] : []),
      ...v.principal.unresolved.map((role) => ({
        id: v.principal.id,
        message: `the handoff to ${JSON.stringify(role)} reaches no one: nobody holds that role`,
      })),
    ]),
    nodes: visits.map((v) => v.principal.node),
    // Every path is a branch of the tree of shortest paths, so its edges are the tree's.
    edges: [...new Set(visits.flatMap((v) => (v.step ? [v.step.edge] : [])))],
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
  for (const visit of [...direct, ...escalated]) {
    const d = checkAction(visit.principal.fence, action, target);
    if (d.decision !== "allowed" && d.decision !== "needs-approval") continue;
    const { path, elided } = pathTo(visit);
    const what = `${action}${target ? ` ${target}` : ""}${d.decision === "needs-approval" ? " (with approval)" : ""}`;
    return {
      reachable: true,
      grant: {
        holder: visit.principal.id,
        decision: d.decision,
        ...(d.rule ? { rule: d.rule } : {}),
        path,
        text: `${describePath(id, path, elided)}: ${what}${d.rule ? ` by ${d.rule}` : ""}`,
      },
    };
  }
  return { reachable: false, grant: null };
}
