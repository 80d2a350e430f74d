import { pointer } from "@/lib/org/field-error";
import type { GraphEdge, GraphNode } from "@/schemas/graph";
import { type EntityRecord, type OrgRecords, type Scope, WELL_KNOWN_PARTIES } from "@/schemas/kinds";

export const workerProfileNodeId = (id: string) => `worker-profile:${id}`;
export const tierNodeId = (scope: string) => `tier:${scope}`;

const text = (v: unknown) => (typeof v === "string" && v ? v : undefined);
const texts = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && !!x) : []);
const entries = (v: unknown): [string, EntityRecord][] =>
  v && typeof v === "object" && !Array.isArray(v)
    ? Object.entries(v as Record<string, unknown>).filter((e): e is [string, EntityRecord] => !!e[1])
    : [];

/** What each tier's box says it holds; the built-in tier of a 2.x project is the installed package's registry. */
const TIER_BOX: Record<Scope, { label: string; sublabel: string }> = {
  builtin: { label: "Construct registry", sublabel: "read-only" },
  pack: { label: "Packs", sublabel: "read-only" },
  user: { label: "Your profiles", sublabel: "editable" },
  project: { label: "This project", sublabel: "editable" },
};
const TIER_ORDER: readonly Scope[] = ["project", "user", "pack", "builtin"];

/** A registry profile's displayName is a sentence: the card is named from its id instead. */
function profileLabel(id: string, rec: EntityRecord): string {
  const display = text(rec.displayName);
  if (display && display.length <= 32) return display;
  // As Construct 2.x labels a profile in `construct worker-profile list`: short words are acronyms ("QA").
  return (text(rec.name) || id)
    .split("-")
    .filter(Boolean)
    .map((w) => (w.length <= 2 ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1)))
    .join(" ");
}

/**
 * Construct 2.x's org as nodes and edges. Profiles are boxed by the tier that holds their file: 2.x has
 * no teams, and a profile takes part in many procedures (a box per procedure would show it in one), so
 * the grouping a reader scans for is "which profiles are mine and editable, which ship with Construct".
 * Edges: handoffs (a profile's handoffCandidates naming a role or an id), contracts (a capability's
 * contracts, producer → consumer), escalations (a policy's owner to its escalationWorkerProfiles).
 */
export function workerProfileGraph(
  org: OrgRecords,
  scopes: Partial<Record<string, Scope>>,
): { nodes: GraphNode[]; edges: GraphEdge[]; parties: Set<string> } {
  const profiles = org["worker-profiles"] as Record<string, EntityRecord>;
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const parties = new Set<string>();
  const ids = Object.keys(profiles);
  if (!ids.length) return { nodes, edges, parties };

  const scopeOf = (id: string): Scope => scopes[`worker-profiles/${id}`] ?? "builtin";
  for (const scope of TIER_ORDER) {
    const held = ids.filter((id) => scopeOf(id) === scope);
    if (!held.length) continue;
    nodes.push({ id: tierNodeId(scope), kind: "tier", entityId: scope, ...TIER_BOX[scope] });
  }
  for (const id of ids) {
    const rec = profiles[id];
    const scope = scopeOf(id);
    nodes.push({
      id: workerProfileNodeId(id),
      kind: "worker-profile",
      entityId: id,
      label: profileLabel(id, rec),
      // The card already shows the id: a role that repeats it gives way to the model tier.
      sublabel: (text(rec.role) !== id && text(rec.role)) || text(rec.modelTier) || "",
      parent: tierNodeId(scope),
    });
    edges.push({
      id: `member:tier:${id}`,
      kind: "member",
      source: tierNodeId(scope),
      target: workerProfileNodeId(id),
      carrier: pointer("worker-profiles", id),
      data: { kind: "member", parent: scope, parentKind: "tier", child: id },
    });
  }

  // Construct matches a handoff candidate to a profile's role, or names the profile itself.
  const holders = new Map<string, string[]>();
  for (const id of ids) {
    const role = text(profiles[id].role);
    for (const key of new Set([id, ...(role ? [role] : [])])) holders.set(key, [...(holders.get(key) ?? []), id]);
  }
  for (const id of ids)
    texts(profiles[id].handoffCandidates).forEach((role, i) => {
      for (const target of holders.get(role) ?? []) {
        if (target === id) continue;
        edges.push({
          id: `handoff:${id}:${role}:${target}`,
          kind: "handoff",
          source: workerProfileNodeId(id),
          target: workerProfileNodeId(target),
          label: role,
          role,
          carrier: pointer("worker-profiles", id, "handoffCandidates", i),
          data: { kind: "handoff", from: id, to: target, role, index: i },
        });
      }
    });

  const isParty = (party: string) => (WELL_KNOWN_PARTIES as readonly string[]).includes(party);
  const partyNode = (party: string): string | null =>
    isParty(party) ? `party:${party}` : profiles[party] ? workerProfileNodeId(party) : null;
  for (const [capability, cap] of Object.entries(org.capabilities as Record<string, EntityRecord>))
    for (const [contractId, c] of entries(cap.contracts)) {
      const producer = text(c.producer);
      const consumer = text(c.consumer);
      const source = producer && partyNode(producer);
      const target = consumer && partyNode(consumer);
      if (!producer || !consumer || !source || !target) continue;
      for (const end of [producer, consumer]) if (isParty(end)) parties.add(end);
      edges.push({
        id: `contract:${capability}:${contractId}`,
        kind: "contract",
        source,
        target,
        label: contractId,
        carrier: pointer("capabilities", capability, "contracts", contractId),
        data: { kind: "contract", contractId, producer, consumer, capability },
      });
    }

  for (const [policy, p] of Object.entries(org["registry-policies"] as Record<string, EntityRecord>)) {
    const owner = text(p.ownerWorkerProfile);
    if (!owner || !profiles[owner]) continue;
    texts(p.escalationWorkerProfiles).forEach((to, i) => {
      if (to === owner || !profiles[to]) return;
      edges.push({
        id: `escalation:${policy}:${i}:${owner}:${to}`,
        kind: "escalation",
        source: workerProfileNodeId(owner),
        target: workerProfileNodeId(to),
        label: policy,
        carrier: pointer("registry-policies", policy, "escalationWorkerProfiles", i),
        data: { kind: "escalation", owner: policy, ownerKind: "policy", step: i + 1, role: to, from: owner, to },
      });
    });
  }
  return { nodes, edges, parties };
}
