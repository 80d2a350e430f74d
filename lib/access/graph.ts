import { nodeId, orgToGraph } from "@/lib/graph/org-to-graph";
import { workerProfileNodeId } from "@/lib/graph/worker-profile-graph";
import { effectiveFence, fenceField, normalizeFence, noTeamReason } from "@/lib/org/effective-fence";
import { bashAction } from "@/lib/org/fence";
import { globProblem } from "@/lib/org/fence-problems";
import type { ReachList, ReachStep } from "@/schemas/access";
import type { EffectiveFence } from "@/schemas/fence";
import type { GraphEdge } from "@/schemas/graph";
import type { EntityRecord, OrgRecords } from "@/schemas/kinds";

const texts = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && !!x) : []);
/** A non-empty string, or undefined. */
const text = (v: unknown) => (typeof v === "string" && v ? v : undefined);

/**
 * The org as who can pass work to whom, with each principal's effective fence. Built from the canvas's
 * own edges, so a handoff's role resolves here exactly as the canvas and Construct resolve it.
 */

export type Principal = {
  id: string;
  kind: "specialist" | "worker-profile";
  node: string;
  /** The effective fence, without the entries `invalid` names. */
  fence: EffectiveFence;
  invalid: { list: ReachList; entry: string; message: string }[];
  /** Why the fence grants nothing, when it does not. */
  note?: string;
  /** Handoff candidates that resolve to no one, so a task goes nowhere through them. */
  unresolved: string[];
  handoffs: string[];
  role?: string;
};

export type AccessGraph = {
  principals: Map<string, Principal>;
  byId: Map<string, Principal>;
  /** Handoffs and contracts, by source node. */
  out: Map<string, ReachStep[]>;
  /** Escalations, by the node that escalates (a team's first step is every member's). */
  escalate: Map<string, ReachStep[]>;
};

function stepOf(e: GraphEdge, from: string, to: string): ReachStep | null {
  const via = e.kind === "handoff" || e.kind === "contract" || e.kind === "escalation" ? e.kind : null;
  if (!via) return null;
  const label = e.kind === "handoff" ? (e.role ?? e.label ?? "") : (e.label ?? "");
  return { via, from, to, label, edge: e.id, carrier: e.carrier ?? "" };
}

type Checks = { glob: Map<string, string | null>; verb: Map<string, string | null> };

/** Each distinct entry is checked once per graph: most fences share most of their entries. */
function checked(cache: Map<string, string | null>, entry: string, check: (entry: string) => string | null) {
  let found = cache.get(entry);
  if (found === undefined) {
    found = check(entry);
    cache.set(entry, found);
  }
  return found;
}

/** The fence without entries that grant nothing: globs that are not valid, and push or commit lines. */
function withoutInvalidGlobs(fence: EffectiveFence, checks: Checks): Pick<Principal, "fence" | "invalid"> {
  const invalid: Principal["invalid"] = [];
  const allowedPaths = fence.allowedPaths.filter((entry) => {
    const message = checked(checks.glob, entry, (e) => globProblem(e)?.message ?? null);
    if (message !== null) invalid.push({ list: "allowedPaths", entry, message });
    return message === null;
  });
  const allowedCommands = fence.allowedCommands.filter((entry) => {
    // checkAction decides a push or commit by approvalRequired alone, never by this prefix list.
    const verb = checked(checks.verb, entry, (e) => bashAction(e) ?? null);
    if (verb)
      invalid.push({
        list: "allowedCommands",
        entry,
        message: `a ${verb} is allowed only through approvalRequired "${verb}", never by a command prefix`,
      });
    return !verb;
  });
  return { fence: { ...fence, allowedPaths, allowedCommands }, invalid };
}

const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** `edges` may be passed when the caller already has the org's graph (the server caches one per snapshot). */
export function accessGraph(org: OrgRecords, edges: readonly GraphEdge[] = orgToGraph({ org }).edges): AccessGraph {
  const principals = new Map<string, Principal>();
  const byId = new Map<string, Principal>();
  const add = (p: Principal) => {
    principals.set(p.node, p);
    byId.set(p.id, p);
  };
  const teamMembers = new Map<string, string[]>();
  const checks: Checks = { glob: new Map(), verb: new Map() };
  for (const [id, s] of Object.entries(org.specialists)) {
    // Three fields of the record, read as specialistView reads them, without building the whole view.
    const teamId = text(s.team);
    const team = teamId ? (org.teams[teamId] ?? org.groups[teamId]) : undefined;
    const note = noTeamReason(teamId, team) ?? undefined;
    add({
      id,
      kind: "specialist",
      handoffs: texts(s.handoffCandidates),
      unresolved: [],
      role: text(s.role),
      node: nodeId.specialist(id),
      ...withoutInvalidGlobs(effectiveFence(s.fence, team), checks),
      ...(note ? { note } : {}),
    });
    if (teamId && team)
      push(teamMembers, org.teams[teamId] ? nodeId.team(teamId) : nodeId.group(teamId), nodeId.specialist(id));
  }
  for (const [id, rec] of Object.entries(org["worker-profiles"] as Record<string, EntityRecord>)) {
    // Construct 2.x has no teams: a worker profile's own fence is its effective one.
    add({
      id,
      kind: "worker-profile",
      handoffs: texts(rec.handoffCandidates),
      unresolved: [],
      role: typeof rec.role === "string" ? rec.role : undefined,
      node: workerProfileNodeId(id),
      ...withoutInvalidGlobs(normalizeFence(rec[fenceField(rec)]), checks),
    });
  }
  const out = new Map<string, ReachStep[]>();
  const escalate = new Map<string, ReachStep[]>();
  const idOf = (node: string) => principals.get(node)?.id;
  const stepFrom = (e: GraphEdge, source: string, to: string) => {
    const from = idOf(source);
    const step = from && from !== to ? stepOf(e, from, to) : null;
    if (step) push(step.via === "escalation" ? escalate : out, source, step);
  };
  for (const e of edges) {
    if (e.kind !== "handoff" && e.kind !== "contract" && e.kind !== "escalation") continue;
    const to = idOf(e.target);
    if (!to) continue;
    if (principals.has(e.source)) stepFrom(e, e.source, to);
    else if (e.kind === "escalation") for (const source of teamMembers.get(e.source) ?? []) stepFrom(e, source, to);
  }
  for (const p of principals.values()) {
    if (!p.handoffs.length) continue;
    const steps = out.get(p.node) ?? [];
    // A few steps are searched in place; a hub's many are put in a set first.
    const resolved = steps.length > 16 ? new Set(steps.flatMap((s) => (s.via === "handoff" ? [s.label] : []))) : null;
    const resolves = (role: string) =>
      resolved ? resolved.has(role) : steps.some((s) => s.via === "handoff" && s.label === role);
    // A candidate naming the principal's own role or id may resolve to itself alone: no one else, and no note.
    const own = (role: string) => role === p.id || role === p.role || role.split(".")[0] === p.role;
    p.unresolved = p.handoffs.filter((role) => !own(role) && !resolves(role));
  }
  return { principals, byId, out, escalate };
}
