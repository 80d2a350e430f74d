import { structureKeyOf } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { effectiveFence, noTeamReason } from "@/lib/org/effective-fence";
import { checkAction } from "@/lib/org/fence";
import { rankRoutes, routeDoc } from "@/lib/org/route-rank";
import type { RouteCandidate } from "@/schemas/api";
import type { EffectiveFence, FenceDecision } from "@/schemas/fence";
import type { AutoLayout, Graph } from "@/schemas/graph";
import { type EntityRecord, type Scope, SECTIONS } from "@/schemas/org";
import { AppError } from "../errors";
import { recordsOf, type Snapshot } from "./merge";
import { problemsOf } from "./reads";

/**
 * Read-only previews as functions of one snapshot: the graph and its layout, routing, the
 * effective fence and one action's decision. They touch no disk; they return data, and throw
 * AppError only for input that names something that does not exist.
 */

const graphCache = new WeakMap<Snapshot, Graph>();
const layoutCache = new WeakMap<Snapshot, AutoLayout>();

/** The merged org as nodes and the four kinds of relationship edges, with each node's tier and problem counts. */
export function graphOf(snap: Snapshot): Graph {
  let graph = graphCache.get(snap);
  if (!graph) {
    const scopes: Record<string, Scope> = {};
    const sources: Record<string, string> = {};
    for (const section of SECTIONS) {
      for (const [id, row] of snap.rows[section]) {
        scopes[`${section}/${id}`] = row.scope;
        if (row.source) sources[`${section}/${id}`] = row.source;
      }
    }
    graph = orgToGraph({ org: recordsOf(snap.rows), scopes, sources, problems: problemsOf(snap) });
    graphCache.set(snap, graph);
  }
  return graph;
}

/**
 * The automatic layout of a snapshot, once per snapshot. `last` is the previous layout of the
 * same org: most saves change a description or a fence, not who exists or belongs where, so the
 * last layout still holds, and laying 1,000 specialists out again would hold the server for 0.5 s.
 */
export function autoLayoutOf(snap: Snapshot, last: AutoLayout | null): AutoLayout {
  let layout = layoutCache.get(snap);
  if (!layout) {
    const graph = graphOf(snap);
    const structureKey = structureKeyOf(graph);
    layout =
      last?.structureKey === structureKey ? last : { structureKey, positions: layoutGraph(graph.nodes, graph.edges) };
    layoutCache.set(snap, layout);
  }
  return layout;
}

/** Ranks specialists (and the draft, if given) for a task description. */
export function previewRoute(
  snap: Snapshot,
  opts: { description: string; draftSpecialist?: EntityRecord; limit?: number },
): { candidates: RouteCandidate[] } {
  const draftId = opts.draftSpecialist ? String(opts.draftSpecialist.id || "draft") : null;
  const docs = [...snap.rows.specialists.values()].filter((r) => r.id !== draftId).map((r) => routeDoc(r.id, r.record));
  if (opts.draftSpecialist) docs.push(routeDoc(draftId ?? "draft", opts.draftSpecialist, true));
  return { candidates: rankRoutes(opts.description, docs, opts.limit ?? 10) };
}

function teamFor(snap: Snapshot, teamId: string | undefined): EntityRecord | null {
  if (!teamId) return null;
  return snap.rows.teams.get(teamId)?.record ?? snap.rows.groups.get(teamId)?.record ?? null;
}

const teamOf = (specialist: EntityRecord, teamId?: string) =>
  teamId ?? (typeof specialist.team === "string" ? specialist.team : undefined);

export type FencePreview = EffectiveFence & { teamId: string | null; forbiddenDecisions: string[]; reason?: string };

/** The fence a (draft) specialist really has inside a team. */
export function previewEffectiveFence(
  snap: Snapshot,
  opts: { draftSpecialist: EntityRecord; teamId?: string },
): FencePreview {
  const teamId = teamOf(opts.draftSpecialist, opts.teamId);
  const team = teamFor(snap, teamId);
  const forbiddenDecisions = Array.isArray(team?.forbiddenDecisions) ? (team.forbiddenDecisions as string[]) : [];
  const reason = noTeamReason(teamId, team);
  return {
    ...effectiveFence(opts.draftSpecialist.fence, team),
    teamId: team && teamId ? teamId : null,
    forbiddenDecisions,
    ...(reason ? { reason } : {}),
  };
}

/** `ok: true` stays in the answer: it is part of the response body clients already read. */
export type ActionPreview = { ok: true } & FenceDecision & {
    fence: EffectiveFence;
    specialistId: string;
    teamId: string | null;
  };

/** Decides one action (`edit src/x.ts`, `bash git push`, `commit`) against the effective fence. */
export function previewAction(
  snap: Snapshot,
  opts: { specialistId?: string; draftSpecialist?: EntityRecord; teamId?: string; action: string; target: string },
): ActionPreview {
  const specialist =
    opts.draftSpecialist ?? (opts.specialistId ? snap.rows.specialists.get(opts.specialistId)?.record : undefined);
  if (!specialist) throw new AppError("not_found", `specialist "${opts.specialistId}" does not exist`);
  const teamId = teamOf(specialist, opts.teamId);
  const team = teamFor(snap, teamId);
  const fence = effectiveFence(specialist.fence, team);
  const decision = checkAction(fence, opts.action, opts.target);
  const noTeam = noTeamReason(teamId, team);
  return {
    ok: true,
    ...decision,
    ...(noTeam && !decision.allowed ? { rule: `${decision.rule ?? decision.reason}; ${noTeam}` } : {}),
    fence,
    specialistId: String(specialist.id ?? opts.specialistId ?? "draft"),
    teamId: team && teamId ? teamId : null,
  };
}
