import { str, strs } from "@/lib/org/org-index";
import type { GraphEdge } from "@/schemas/graph";
import type { OrgRecords } from "@/schemas/org";
import { specialistView } from "@/schemas/views";

export type ConnectVerdict =
  | { ok: true; specialistId: string; role: string; patch: { handoffCandidates: string[] } }
  | { ok: false; reason: string };

const SPECIALIST = "specialist:";

/**
 * Whether a drag from one node to another may become a handoff, and the patch that records it:
 * the source specialist gains the target's role in `handoffCandidates`. The canvas asks this while
 * dragging; the server then validates the patched specialist before saving.
 */
export function canConnect(
  org: OrgRecords,
  source: string | null | undefined,
  target: string | null | undefined,
): ConnectVerdict {
  if (!source?.startsWith(SPECIALIST) || !target?.startsWith(SPECIALIST))
    return { ok: false, reason: "a handoff goes from one specialist to another" };
  const from = source.slice(SPECIALIST.length);
  const to = target.slice(SPECIALIST.length);
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

/** The patch that removes a handoff edge: the role leaves the source's `handoffCandidates`. */
export function removeHandoff(
  org: OrgRecords,
  edge: Pick<GraphEdge, "kind" | "source" | "role">,
): { specialistId: string; role: string; patch: { handoffCandidates: string[] } } | null {
  if (edge.kind !== "handoff" || !edge.role || !edge.source.startsWith(SPECIALIST)) return null;
  const id = edge.source.slice(SPECIALIST.length);
  const s = org.specialists[id] && specialistView(org.specialists[id]);
  if (!s) return null;
  return {
    specialistId: id,
    role: edge.role,
    patch: { handoffCandidates: strs(s.handoffCandidates).filter((r) => r !== edge.role) },
  };
}
