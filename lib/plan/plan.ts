import { accessGraph } from "@/lib/access/graph";
import { reachChanges } from "@/lib/access/reach-all";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { rankRoutes, routeDoc } from "@/lib/org/route-rank";
import { problemKey } from "@/lib/org/validate";
import type { FieldError } from "@/schemas/field-error";
import { KIND_OF, type OrgRecords, SECTIONS } from "@/schemas/kinds";
import type {
  AccessChange,
  EdgeChange,
  EntityChange,
  Plan,
  PlanChange,
  ProblemChange,
  ReachChange,
  RouteChange,
} from "@/schemas/plan";
import { accessChanges, profileAccessChanges, teamOf } from "./access-changes";
import { deepEqual, diffRecords } from "./record-diff";

/**
 * The plan: what turning one merged org (`before`) into another (`after`) does. Pure, so the CLI,
 * the server and the editor's per-save preview compute the same thing from the same two orgs.
 */

export type PlanSide = {
  org: OrgRecords;
  /** Every problem of this org (file problems and validation), as the server reports them. */
  problems: readonly FieldError[];
  /** The file each `<section>/<id>` comes from, for annotations. */
  paths?: Readonly<Record<string, string>>;
  /**
   * A version tag of each `<section>/<id>` (the server's ETag of its files): equal tags on both
   * sides mean equal records, and a 10,000-specialist plan then compares only what changed.
   */
  versions?: Readonly<Record<string, string>>;
};

/** True when both sides hold the very same record of `<section>/<id>`. */
function same(before: PlanSide, after: PlanSide, key: string, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const va = before.versions?.[key];
  return va !== undefined && va === after.versions?.[key];
}

export type RoutingCase = { name: string; task: string; file?: string };

export type PlanOptions = {
  against: Plan["against"];
  /** Saved routing tests: each whose ranking changes is a routing move. */
  routing?: readonly RoutingCase[];
  /** How many candidates of a ranking count (default 3). */
  routingDepth?: number;
};

function entityChanges(before: PlanSide, after: PlanSide): EntityChange[] {
  const out: EntityChange[] = [];
  for (const section of SECTIONS) {
    const entity = KIND_OF[section];
    const a = before.org[section];
    const b = after.org[section];
    for (const id of Object.keys(a)) {
      if (!(id in b)) {
        const path = before.paths?.[`${section}/${id}`];
        out.push({ kind: "entity", action: "remove", entity, id, ...(path ? { path } : {}) });
      }
    }
    for (const [id, rec] of Object.entries(b)) {
      const path = after.paths?.[`${section}/${id}`];
      const old = a[id];
      if (!old) out.push({ kind: "entity", action: "add", entity, id, ...(path ? { path } : {}) });
      else if (!same(before, after, `${section}/${id}`, old, rec)) {
        const fields = diffRecords(old, rec);
        if (fields.length)
          out.push({ kind: "entity", action: "change", entity, id, ...(path ? { path } : {}), fields });
      }
    }
  }
  return out;
}

type Edges = ReturnType<typeof orgToGraph>["edges"];

/**
 * A side's graph edges and access graph, kept per org object: the editor plans every keystroke against
 * the same saved org, whose side then costs nothing after the first.
 */
const derived = new WeakMap<OrgRecords, { edges: Edges; access: ReturnType<typeof accessGraph> }>();
function derivedOf(org: OrgRecords) {
  let d = derived.get(org);
  if (!d) {
    const edges = orgToGraph({ org }).edges;
    d = { edges, access: accessGraph(org, edges) };
    derived.set(org, d);
  }
  return d;
}

function edgeChanges(before: Edges, after: Edges): EdgeChange[] {
  const edges = (all: Edges) => {
    const map = new Map<string, EdgeChange>();
    for (const e of all) {
      if (e.kind === "member") continue;
      map.set(`${e.id}\u0000${e.source}\u0000${e.target}`, {
        kind: "edge",
        action: "add",
        edge: e.kind,
        id: e.id,
        source: e.source,
        target: e.target,
        ...(e.label ? { label: e.label } : {}),
        data: e.data,
      });
    }
    return map;
  };
  const a = edges(before);
  const b = edges(after);
  const out: EdgeChange[] = [];
  for (const [key, e] of a) if (!b.has(key)) out.push({ ...e, action: "remove" });
  for (const [key, e] of b) if (!a.has(key)) out.push(e);
  return out;
}

function problemChanges(before: readonly FieldError[], after: readonly FieldError[]): ProblemChange[] {
  const keyed = (list: readonly FieldError[]) => new Map(list.map((p) => [problemKey(p), p]));
  const a = keyed(before);
  const b = keyed(after);
  const change = (p: FieldError, action: ProblemChange["action"]): ProblemChange => ({
    kind: "problem",
    action,
    id: p.id,
    severity: p.severity,
    message: p.message,
    location: p.location,
    ...(p.path ? { path: p.path } : {}),
  });
  const out: ProblemChange[] = [];
  for (const [key, p] of b) if (!a.has(key)) out.push(change(p, "introduced"));
  for (const [key, p] of a) if (!b.has(key)) out.push(change(p, "fixed"));
  return out;
}

/** The ids a task ranks first in an org (its specialists, or its worker profiles), best first. */
export function topRoutes(org: OrgRecords, task: string, depth: number): string[] {
  const docs = [...Object.entries(org.specialists), ...Object.entries(org["worker-profiles"])].map(([id, s]) =>
    routeDoc(id, s),
  );
  return rankRoutes(task, docs, depth).map((c) => c.id);
}

function routeChanges(before: OrgRecords, after: OrgRecords, cases: readonly RoutingCase[], depth: number) {
  const out: RouteChange[] = [];
  for (const c of cases) {
    const a = topRoutes(before, c.task, depth);
    const b = topRoutes(after, c.task, depth);
    if (!deepEqual(a, b))
      out.push({
        kind: "route",
        action: "move",
        id: c.name,
        task: c.task,
        before: a,
        after: b,
        ...(c.file ? { file: c.file } : {}),
      });
  }
  return out;
}

export function computePlan(before: PlanSide, after: PlanSide, opts: PlanOptions): Plan {
  const entities = entityChanges(before, after);
  const access: AccessChange[] = [];
  const ids = new Set([...Object.keys(before.org.specialists), ...Object.keys(after.org.specialists)]);
  for (const id of ids) {
    const sa = before.org.specialists[id];
    const sb = after.org.specialists[id];
    // Same record and same team record: the effective fence cannot differ.
    if (sa && sb && same(before, after, `specialists/${id}`, sa, sb)) {
      const ta = teamOf(before.org, sa);
      const tb = teamOf(after.org, sb);
      const teamKey = (t: { id: string } | null, org: OrgRecords) =>
        t ? `${org.teams[t.id] ? "teams" : "groups"}/${t.id}` : "";
      if (ta?.id === tb?.id && (!ta || same(before, after, teamKey(ta, before.org), ta.rec, tb?.rec))) continue;
    }
    const path = after.paths?.[`specialists/${id}`] ?? before.paths?.[`specialists/${id}`];
    access.push(...accessChanges(id, before.org, after.org, path));
  }
  const profilesA = before.org["worker-profiles"];
  const profilesB = after.org["worker-profiles"];
  for (const id of new Set([...Object.keys(profilesA), ...Object.keys(profilesB)])) {
    const key = `worker-profiles/${id}`;
    if (profilesA[id] && profilesB[id] && same(before, after, key, profilesA[id], profilesB[id])) continue;
    access.push(...profileAccessChanges(id, before.org, after.org, after.paths?.[key] ?? before.paths?.[key]));
  }
  // Edges and reach derive from the records alone: with none changed, neither can have.
  const sides = entities.length ? [derivedOf(before.org), derivedOf(after.org)] : null;
  const edges = sides ? edgeChanges(sides[0].edges, sides[1].edges) : [];
  const reach: ReachChange[] = sides
    ? reachChanges(sides[0].access, sides[1].access).map((c) => ({
        kind: "reach",
        action: c.action,
        id: c.id,
        field: c.list,
        entry: c.entry,
        holder: c.holder,
        detail: c.text,
      }))
    : [];
  const problems = problemChanges(before.problems, after.problems);
  const routes = routeChanges(before.org, after.org, opts.routing ?? [], opts.routingDepth ?? 3);
  const changes: PlanChange[] = [...entities, ...access, ...reach, ...edges, ...problems, ...routes];
  const count = (action: EntityChange["action"]) => entities.filter((e) => e.action === action).length;
  const specialistsThat = (action: AccessChange["action"]) =>
    new Set(access.filter((a) => a.action === action).map((a) => a.id)).size;
  const reachThat = (action: ReachChange["action"]) =>
    new Set(reach.filter((r) => r.action === action).map((r) => r.id)).size;
  const introduced = problems.filter((p) => p.action === "introduced");
  return {
    against: opts.against,
    summary: {
      add: count("add"),
      change: count("change"),
      remove: count("remove"),
      widens: specialistsThat("widen"),
      narrows: specialistsThat("narrow"),
      reachWidens: reachThat("widen"),
      reachNarrows: reachThat("narrow"),
      edgesAdded: edges.filter((e) => e.action === "add").length,
      edgesRemoved: edges.filter((e) => e.action === "remove").length,
      problemsIntroduced: introduced.length,
      problemsFixed: problems.length - introduced.length,
      errorsIntroduced: introduced.filter((p) => p.severity === "error").length,
      routingMoves: routes.length,
    },
    changes,
  };
}

/** True when the plan changes nothing at all (exit code 0). */
export function isEmptyPlan(plan: Plan): boolean {
  return plan.changes.length === 0;
}
