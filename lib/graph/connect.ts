import { str, strs } from "@/lib/org/org-index";
import type { GraphEdge } from "@/schemas/graph";
import type { OrgRecords } from "@/schemas/org";
import { specialistView } from "@/schemas/views";

export type ConnectVerdict =
  | { ok: true; specialistId: string; role: string; patch: { handoffCandidates: string[] } }
  | { ok: false; reason: string };

import { nodeId } from "./org-to-graph";

const byNode = new WeakMap<OrgRecords, Map<string, string>>();

/** By the same factory that made the id: ids are never parsed. */
function specialistOfNode(org: OrgRecords, node: string | null | undefined): string | null {
  if (!node) return null;
  let index = byNode.get(org);
  if (!index) {
    index = new Map(Object.keys(org.specialists).map((id) => [nodeId.specialist(id), id]));
    byNode.set(org, index);
  }
  return index.get(node) ?? null;
}

/** The canvas asks this while dragging; the server validates the patched specialist on save. */
export function canConnect(
  org: OrgRecords,
  source: string | null | undefined,
  target: string | null | undefined,
): ConnectVerdict {
  const from = specialistOfNode(org, source);
  const to = specialistOfNode(org, target);
  if (!from || !to) return { ok: false, reason: "a handoff goes from one specialist to another" };
  if (from === to) return { ok: false, reason: "a specialist cannot hand off to itself" };
  const s = org.specialists[from] && specialistView(org.specialists[from]);
  const t = org.specialists[to] && specialistView(org.specialists[to]);
  if (!s || !t) return { ok: false, reason: "unknown specialist" };
  const role = str(t.role);
  if (!role) return { ok: false, reason: `${to} has no role to hand off to` };
  if (str(s.role) === role) return { ok: false, reason: `${from} already holds the role "${role}"` };
  const current = strs(s.handoffCandidates);
  if (current.includes(role)) return { ok: false, reason: `${from} already hands off to "${role}"` };
  return { ok: true, specialistId: from, role, patch: { handoffCandidates: [...current, role] } };
}

export function removeHandoff(
  org: OrgRecords,
  edge: Pick<GraphEdge, "data">,
): { specialistId: string; role: string; patch: { handoffCandidates: string[] } } | null {
  if (edge.data.kind !== "handoff") return null;
  const { from: id, role } = edge.data;
  const s = org.specialists[id] && specialistView(org.specialists[id]);
  if (!s) return null;
  return {
    specialistId: id,
    role,
    patch: { handoffCandidates: strs(s.handoffCandidates).filter((r) => r !== role) },
  };
}
