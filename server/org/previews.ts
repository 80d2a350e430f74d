import { structureKeyOf } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { checkAction } from "@/lib/org/fence";
import { rankRoutes, routeDoc } from "@/lib/org/route-rank";
import type { RouteCandidate } from "@/schemas/api/preview";
import type { EffectiveFence, FenceDecision } from "@/schemas/fence";
import type { AutoLayout, Graph } from "@/schemas/graph";
import { ENTITY_KIND_SPECS, type EntityRecord, type Scope, SECTIONS } from "@/schemas/kinds";
import { AppError } from "../errors";
import type { GenerationAdapter } from "../generations/adapter";
import { recordsOf, type Snapshot } from "./merge";
import { problemsOf } from "./reads";

// Read-only previews of one snapshot; they throw AppError only for input naming something absent.

const graphCache = new WeakMap<Snapshot, Graph>();
const layoutCache = new WeakMap<Snapshot, AutoLayout>();

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

/** `last` still holds when the org's structure did not change; laying 1,000 specialists out again costs 0.5 s. */
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

/** Ranks the principals of the org (specialists, or worker profiles) and a draft for a task. */
export function previewRoute(
  snap: Snapshot,
  opts: { description: string; draftSpecialist?: EntityRecord; limit?: number },
  adapter: GenerationAdapter,
): { candidates: RouteCandidate[] } {
  const draftId = opts.draftSpecialist ? String(opts.draftSpecialist.id || "draft") : null;
  const rows = snap.rows[ENTITY_KIND_SPECS[adapter.principal].section].values();
  const docs = [...rows].filter((r) => r.id !== draftId).map((r) => routeDoc(r.id, r.record));
  if (opts.draftSpecialist) docs.push(routeDoc(draftId ?? "draft", opts.draftSpecialist, true));
  return { candidates: rankRoutes(opts.description, docs, opts.limit ?? 10) };
}

function teamFor(snap: Snapshot, teamId: string | undefined): EntityRecord | null {
  if (!teamId) return null;
  return snap.rows.teams.get(teamId)?.record ?? snap.rows.groups.get(teamId)?.record ?? null;
}

const teamOf = (specialist: EntityRecord, teamId?: string) =>
  teamId ?? (typeof specialist.team === "string" ? specialist.team : undefined);

export type FencePreview = EffectiveFence & { teamId: string | null; forbiddenDecisions: string[]; message?: string };

export function previewEffectiveFence(
  snap: Snapshot,
  opts: { draftSpecialist: EntityRecord; teamId?: string },
  adapter: GenerationAdapter,
): FencePreview {
  const teamId = teamOf(opts.draftSpecialist, opts.teamId);
  const team = teamFor(snap, teamId);
  const forbiddenDecisions = Array.isArray(team?.forbiddenDecisions) ? (team.forbiddenDecisions as string[]) : [];
  const message = adapter.fence.noTeamReason(teamId, team);
  return {
    ...adapter.fence.effective(opts.draftSpecialist, team),
    teamId: team && teamId ? teamId : null,
    forbiddenDecisions,
    ...(message ? { message } : {}),
  };
}

/** `ok: true` stays in the answer: it is part of the response body clients read. */
export type ActionPreview = { ok: true } & FenceDecision & {
    fence: EffectiveFence;
    specialistId: string;
    teamId: string | null;
  };

export function previewAction(
  snap: Snapshot,
  opts: { specialistId?: string; draftSpecialist?: EntityRecord; teamId?: string; action: string; target: string },
  adapter: GenerationAdapter,
): ActionPreview {
  const id = opts.specialistId;
  const holder = ENTITY_KIND_SPECS[adapter.principal];
  const specialist = opts.draftSpecialist ?? (id ? snap.rows[holder.section].get(id)?.record : undefined);
  if (!specialist)
    throw new AppError("not_found", `${holder.title.toLowerCase()} "${opts.specialistId}" does not exist`);
  const teamId = teamOf(specialist, opts.teamId);
  const team = teamFor(snap, teamId);
  const fence = adapter.fence.effective(specialist, team);
  const decision = checkAction(fence, opts.action, opts.target);
  const noTeam = adapter.fence.noTeamReason(teamId, team);
  return {
    ok: true,
    ...decision,
    ...(noTeam && !decision.allowed ? { rule: `${decision.rule ?? decision.code}; ${noTeam}` } : {}),
    fence,
    specialistId: String(specialist.id ?? opts.specialistId ?? "draft"),
    teamId: team && teamId ? teamId : null,
  };
}
