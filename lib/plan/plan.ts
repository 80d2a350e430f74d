import { orgToGraph } from "@/lib/graph/org-to-graph";
import { effectiveFence, normalizeFence } from "@/lib/org/fence";
import { str } from "@/lib/org/org-index";
import { rankRoutes, routeDoc } from "@/lib/org/route-rank";
import { problemKey } from "@/lib/org/validate";
import type { EffectiveFence } from "@/schemas/fence";
import type { FieldError } from "@/schemas/field-error";
import { type EntityRecord, KIND_OF, type OrgRecords, SECTIONS } from "@/schemas/org";
import type {
  AccessChange,
  EdgeChange,
  EntityChange,
  FieldDiff,
  Plan,
  PlanChange,
  ProblemChange,
  RouteChange,
} from "@/schemas/plan";
import { specialistView } from "@/schemas/views";

// Pure, so the CLI, the server and the editor's per-save preview compute the same plan.

export type PlanSide = {
  org: OrgRecords;
  problems: readonly FieldError[];
  paths?: Readonly<Record<string, string>>;
  /** ETag per `<section>/<id>`: equal tags mean equal records, so a big plan compares only what changed. */
  versions?: Readonly<Record<string, string>>;
};

function same(before: PlanSide, after: PlanSide, key: string, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const va = before.versions?.[key];
  return va !== undefined && va === after.versions?.[key];
}

export type RoutingCase = { name: string; task: string; file?: string };

export type PlanOptions = {
  against: Plan["against"];
  routing?: readonly RoutingCase[];
  /** Default 3. */
  routingDepth?: number;
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) if (!(k in b) || !deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

const isScalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

/** Lists of scalars differ as items added and removed. */
export function diffRecords(before: EntityRecord, after: EntityRecord, prefix = ""): FieldDiff[] {
  const out: FieldDiff[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    if (!prefix && key === "id") continue;
    const a = before[key];
    const b = after[key];
    if (deepEqual(a, b)) continue;
    const field = prefix ? `${prefix}.${key}` : key;
    if (isObject(a) && isObject(b)) {
      out.push(...diffRecords(a, b, field));
    } else if (Array.isArray(a) && Array.isArray(b) && a.every(isScalar) && b.every(isScalar)) {
      const added = b.filter((x) => !a.includes(x));
      const removed = a.filter((x) => !b.includes(x));
      if (!added.length && !removed.length) out.push({ field, before: a, after: b });
      else out.push({ field, ...(added.length ? { added } : {}), ...(removed.length ? { removed } : {}) });
    } else {
      out.push({ field, ...(a !== undefined ? { before: a } : {}), ...(b !== undefined ? { after: b } : {}) });
    }
  }
  return out;
}

type TeamRecord = OrgRecords["teams" | "groups"][string];

function teamOf(
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
const ANY_LABEL = "(any label)";

function listDelta(
  list: FenceList,
  before: EffectiveFence | null,
  after: EffectiveFence | null,
): { widen: string[]; narrow: string[] } {
  const items = (f: EffectiveFence | null): string[] => {
    if (!f) return [];
    // An empty label list allows any label (checkAction): it is the widest value, not the narrowest.
    if (list === "allowedBdLabels" && f.allowedBdLabels.length === 0) return [ANY_LABEL];
    return f[list];
  };
  const a = items(before);
  const b = items(after);
  const gained = b.filter((x) => !a.includes(x));
  const lost = a.filter((x) => !b.includes(x));
  if (list === "deniedActions") return { widen: after ? lost : [], narrow: before ? gained : [] };
  if (list === "allowedBdLabels" && before && after && a[0] !== b[0]) {
    if (a[0] === ANY_LABEL) return { widen: [], narrow: b };
    if (b[0] === ANY_LABEL) return { widen: [ANY_LABEL], narrow: [] };
  }
  return { widen: gained, narrow: lost };
}

function describeEntry(list: FenceList, entry: string, widen: boolean): string {
  switch (list) {
    case "allowedPaths":
      return widen ? `may now edit ${JSON.stringify(entry)}` : `may not edit ${JSON.stringify(entry)} any more`;
    case "allowedCommands":
      return widen ? `may now run ${JSON.stringify(entry)}` : `may not run ${JSON.stringify(entry)} any more`;
    case "allowedBdLabels":
      if (entry === ANY_LABEL) return widen ? "may now use any label" : "may not use any label any more";
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

function edgeChanges(before: OrgRecords, after: OrgRecords): EdgeChange[] {
  const edges = (org: OrgRecords) => {
    const map = new Map<string, EdgeChange>();
    for (const e of orgToGraph({ org }).edges) {
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

export function topRoutes(org: OrgRecords, task: string, depth: number): string[] {
  const docs = Object.entries(org.specialists).map(([id, s]) => routeDoc(id, s));
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
  // Edges derive from the records alone: with none changed, none can have.
  const edges = entities.length ? edgeChanges(before.org, after.org) : [];
  const problems = problemChanges(before.problems, after.problems);
  const routes = routeChanges(before.org, after.org, opts.routing ?? [], opts.routingDepth ?? 3);
  const changes: PlanChange[] = [...entities, ...access, ...edges, ...problems, ...routes];
  const count = (action: EntityChange["action"]) => entities.filter((e) => e.action === action).length;
  const specialistsThat = (action: AccessChange["action"]) =>
    new Set(access.filter((a) => a.action === action).map((a) => a.id)).size;
  const introduced = problems.filter((p) => p.action === "introduced");
  return {
    against: opts.against,
    summary: {
      add: count("add"),
      change: count("change"),
      remove: count("remove"),
      widens: specialistsThat("widen"),
      narrows: specialistsThat("narrow"),
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

/** Exit code 0. */
export function isEmptyPlan(plan: Plan): boolean {
  return plan.changes.length === 0;
}
