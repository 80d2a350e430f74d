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
  // A loop, not arrays joined: a reach describes a path for every holder it finds.
  const middle = elided ? path.length / 2 : -1;
  let text = start;
  for (let i = 0; i < path.length; i++) {
    if (i === middle) text += ` → … ${elided} more step${elided === 1 ? "" : "s"} …`;
    text += ` → ${path[i].via} → ${path[i].to}`;
  }
  return text;
}

/** Steps a path keeps at each end before the middle is elided: a reader follows a dozen hops, not a thousand. */
export const PATH_ENDS = 6;

/**
 * A visit in the tree of shortest paths. `anchor` is its ancestor `PATH_ENDS` steps from the start (or
 * itself, nearer), so a long path's first steps are found without walking it whole; `words` is its
 * path as text, made once and shared by the visits below it.
 */
type Visit = {
  principal: Principal;
  step: ReachStep | null;
  prev: Visit | null;
  hops: number;
  anchor: Visit | null;
  words?: string;
};

const visitFrom = (prev: Visit, principal: Principal, step: ReachStep): Visit => {
  const visit: Visit = { principal, step, prev, hops: prev.hops + 1, anchor: null };
  visit.anchor = visit.hops <= PATH_ENDS ? visit : prev.anchor;
  return visit;
};

/** Up to `limit` steps ending at `visit`, in order. */
function stepsTo(visit: Visit | null, limit: number): ReachStep[] {
  const steps: ReachStep[] = [];
  for (let v = visit; v?.step && steps.length < limit; v = v.prev) steps.push(v.step);
  return steps.reverse();
}

/** The path to a visit, or its first and last steps and how many lie between. */
function pathTo(visit: Visit): { path: ReachStep[]; elided: number } {
  if (visit.hops <= 2 * PATH_ENDS) return { path: stepsTo(visit, visit.hops), elided: 0 };
  return {
    path: [...stepsTo(visit.anchor, PATH_ENDS), ...stepsTo(visit, PATH_ENDS)],
    elided: visit.hops - 2 * PATH_ENDS,
  };
}

/** `describePath` of a path short enough to be whole: its parent's words and one step more. */
function shortWords(start: string, visit: Visit): string {
  visit.words ??=
    visit.prev && visit.step ? `${shortWords(start, visit.prev)} → ${visit.step.via} → ${visit.step.to}` : start;
  return visit.words;
}

/**
 * Breadth-first from `visits[from..]` over `steps`, appending everyone newly reached, each by a shortest
 * path, in order. `seen` holds the nodes already visited.
 */
function walk(
  graph: AccessGraph,
  visits: Visit[],
  from: number,
  seen: Set<string>,
  steps: (node: string) => readonly ReachStep[] | undefined,
): void {
  // A cycle of handoffs ends here: each principal is visited once.
  for (let i = from; i < visits.length; i++) {
    const visit = visits[i];
    for (const step of steps(visit.principal.node) ?? []) {
      const next = graph.byId.get(step.to);
      if (!next || seen.has(next.node)) continue;
      seen.add(next.node);
      visits.push(visitFrom(visit, next, step));
    }
  }
}

/** Reach entries already taken, one set per list, so no key is built for an entry seen before. */
type Taken = Record<ReachList, Set<string>>;
const taken = (): Taken => ({
  allowedPaths: new Set(),
  allowedCommands: new Set(),
  allowedBdLabels: new Set(),
  approvalRequired: new Set(),
});

function entriesOf(start: string, visits: readonly Visit[], from: number, to: number, seen: Taken): ReachEntry[] {
  const out: ReachEntry[] = [];
  for (let i = from; i < to; i++) {
    const visit = visits[i];
    // The path and its words are built once per holder, for all the entries it newly grants.
    let route: ReturnType<typeof pathTo> | null = null;
    let words = "";
    for (const list of REACH_LISTS) {
      const had = seen[list];
      for (const entry of visit.principal.fence[list]) {
        if (had.has(entry)) continue;
        had.add(entry);
        if (!route) {
          route = pathTo(visit);
          words = route.elided ? describePath(start, route.path, route.elided) : shortWords(start, visit);
        }
        const found: ReachEntry = {
          list,
          entry,
          holder: visit.principal.id,
          path: route.path,
          text: `${words}: ${describeGrant(list, entry)}`,
        };
        if (route.elided) found.elided = route.elided;
        out.push(found);
      }
    }
  }
  return out;
}

/**
 * Everyone reached through handoffs and contracts (the first `direct` visits), then whoever only
 * escalating reaches. Handoffs and contracts from the direct visits land on direct visits again, so
 * the second walk starts from their escalations alone.
 */
function visitsFrom(graph: AccessGraph, start: Principal): { visits: Visit[]; direct: number } {
  const root: Visit = { principal: start, step: null, prev: null, hops: 0, anchor: null };
  root.anchor = root;
  const visits: Visit[] = [root];
  const seen = new Set([start.node]);
  walk(graph, visits, 0, seen, (node) => graph.out.get(node));
  const direct = visits.length;
  // Escalating hands the task on, and handoffs continue from wherever it lands.
  for (let i = 0; i < direct; i++) {
    const visit = visits[i];
    for (const step of graph.escalate.get(visit.principal.node) ?? []) {
      const next = graph.byId.get(step.to);
      if (!next || seen.has(next.node)) continue;
      seen.add(next.node);
      visits.push(visitFrom(visit, next, step));
    }
  }
  walk(graph, visits, direct, seen, (node) => {
    const out = graph.out.get(node);
    const up = graph.escalate.get(node);
    return out && up ? [...out, ...up] : (out ?? up);
  });
  return { visits, direct };
}

const tree = (visits: readonly Visit[], from: number, to: number) => {
  const out: Reach["reached"] = [];
  for (let i = from; i < to; i++) {
    const v = visits[i];
    out.push({ id: v.principal.id, step: v.step, hops: v.hops });
  }
  return out;
};

/** The reach of one specialist or worker profile, or null when the org has no such id. */
export function reachOf(graph: AccessGraph, id: string): Reach | null {
  const start = graph.byId.get(id);
  if (!start) return null;
  const { visits, direct } = visitsFrom(graph, start);
  const seen = taken();
  const entries = entriesOf(id, visits, 0, direct, seen);
  const escalations = entriesOf(id, visits, direct, visits.length, seen);
  const invalid: Reach["invalid"] = [];
  const notes: Reach["notes"] = [];
  const nodes: string[] = [];
  const edges = new Set<string>();
  for (const { principal: p, step } of visits) {
    for (const i of p.invalid) invalid.push({ holder: p.id, ...i });
    if (p.note) notes.push({ id: p.id, message: p.note });
    for (const role of p.unresolved)
      notes.push({
        id: p.id,
        message: `the handoff to ${JSON.stringify(role)} reaches no one: nobody holds that role`,
      });
    nodes.push(p.node);
    // Every path is a branch of the tree of shortest paths, so its edges are the tree's.
    if (step) edges.add(step.edge);
  }
  return {
    id,
    kind: start.kind,
    reached: tree(visits, 0, direct),
    entries,
    escalatedTo: tree(visits, direct, visits.length),
    escalations,
    invalid,
    notes,
    nodes,
    edges: [...edges],
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
  for (const visit of visitsFrom(graph, start).visits) {
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
