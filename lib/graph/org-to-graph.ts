import { parsePointer } from "@/lib/json/pointer";
import { pointer } from "@/lib/org/field-error";
import { str, strs } from "@/lib/org/org-index";
import type { FieldError } from "@/schemas/field-error";
import type { Graph, GraphEdge, GraphNode } from "@/schemas/graph";
import { type EntityRecord, type OrgRecords, type Scope, type Section, WELL_KNOWN_PARTIES } from "@/schemas/kinds";
import { contractView, groupView, type SpecialistView, specialistView, teamView } from "@/schemas/views";
import { workerProfileGraph } from "./worker-profile-graph";

export const nodeId = {
  specialist: (id: string) => `specialist:${id}`,
  team: (id: string) => `team:${id}`,
  group: (id: string) => `group:${id}`,
  party: (id: string) => `party:${id}`,
};

function partyNode(org: OrgRecords, party: string): string | null {
  if ((WELL_KNOWN_PARTIES as readonly string[]).includes(party)) return nodeId.party(party);
  return org.specialists[party] ? nodeId.specialist(party) : null;
}

function teamNode(org: OrgRecords, id: string): string | null {
  if (org.teams[id]) return nodeId.team(id);
  if (org.groups[id]) return nodeId.group(id);
  return null;
}

/** The display name only when it is a name, not a sentence (as in Construct's own org). */
function specialistLabel(id: string, s: SpecialistView): string {
  const display = str(s.displayName);
  if (display && display.length <= 32) return display;
  const name = str(s.name) ?? id.replace(/^cx-/, "");
  return name
    .split("-")
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

type NodeOf = (id: string, rec: EntityRecord) => GraphNode;

/** The node each record kind draws, or null for a kind drawn as edges (contracts) or not at all (policies). */
const NODE_OF: Record<Section, NodeOf | null> = {
  specialists: (id, s) => ({
    id: nodeId.specialist(id),
    kind: "specialist",
    entityId: id,
    label: specialistLabel(id, specialistView(s)),
    sublabel: str(specialistView(s).role) ?? "",
  }),
  teams: (id, t) => ({
    id: nodeId.team(id),
    kind: "team",
    entityId: id,
    label: str(teamView(t).name) ?? id,
    sublabel: `owner ${str(teamView(t).owner) ?? "—"}`,
  }),
  groups: (id, g) => ({
    id: nodeId.group(id),
    kind: "group",
    entityId: id,
    label: str(groupView(g).name) ?? id,
    sublabel: plural(strs(groupView(g).squads).length, "team"),
  }),
  contracts: null,
  policies: null,
  // Drawn with their tiers' boxes and their edges by ./worker-profile-graph.
  "worker-profiles": null,
  procedures: null,
  capabilities: null,
  "workspace-presets": null,
  "registry-policies": null,
};

export type GraphInput = {
  org: OrgRecords;
  scopes?: Partial<Record<string, Scope>>;
  sources?: Partial<Record<string, string>>;
  problems?: readonly FieldError[];
  /** Warnings counted per record (`problemRecord`) whose texts are not in `problems`. */
  warnings?: Readonly<Record<string, number>>;
};

/** The record a problem belongs to, as `<section>/<id>`: where its node shows it. */
export function problemRecord(location: string): string {
  const [section, id] = parsePointer(location);
  return `${section}/${id}`;
}

/** Every edge names the record and field carrying it, so the editor can open it and delete can patch it. */
export function orgToGraph({ org, scopes = {}, sources = {}, problems = [], warnings = {} }: GraphInput): Graph {
  const counts = new Map<string, { errors: number; warnings: number }>();
  const countOf = (key: string) => {
    const c = counts.get(key) ?? { errors: 0, warnings: 0 };
    counts.set(key, c);
    return c;
  };
  for (const p of problems) {
    // An accepted warning is listed apart, not marked on its record.
    if (p.accepted !== undefined) continue;
    const c = countOf(problemRecord(p.location));
    if (p.severity === "error") c.errors++;
    else c.warnings++;
  }
  for (const [key, n] of Object.entries(warnings)) countOf(key).warnings += n;
  const nodes: GraphNode[] = [];
  const addNode = (node: GraphNode, section: string) => {
    const c = counts.get(`${section}/${node.entityId}`);
    const key = `${section}/${node.entityId}`;
    nodes.push({
      ...node,
      ...(scopes[key] ? { scope: scopes[key] } : {}),
      ...(sources[key] ? { source: sources[key] } : {}),
      ...(c ? { errorCount: c.errors, warningCount: c.warnings } : {}),
    });
  };

  // In NODE_OF's order, the order nodes are laid out in.
  for (const section of Object.keys(NODE_OF) as Section[])
    for (const [id, rec] of Object.entries(org[section])) {
      const node = NODE_OF[section]?.(id, rec);
      if (node) addNode(node, section);
    }
  const holders = new Map<string, string[]>();
  for (const [id, s] of Object.entries(org.specialists)) {
    const role = str(specialistView(s).role);
    if (role) holders.set(role, [...(holders.get(role) ?? []), id]);
  }

  const holdersOf = (role: string) =>
    holders.get(role) ?? (role.includes(".") ? (holders.get(role.split(".")[0]) ?? []) : []);
  const profiles = workerProfileGraph(org, scopes);
  for (const node of profiles.nodes) addNode(node, node.kind === "tier" ? "" : "worker-profiles");
  const edges: GraphEdge[] = [...profiles.edges];
  const parties = profiles.parties;

  for (const [id, s] of Object.entries(org.specialists)) {
    const team = str(specialistView(s).team);
    const teamTarget = team ? teamNode(org, team) : null;
    if (team && teamTarget)
      edges.push({
        id: `member:${id}`,
        kind: "member",
        source: teamTarget,
        target: nodeId.specialist(id),
        carrier: pointer("specialists", id, "team"),
        data: { kind: "member", parent: team, parentKind: org.teams[team] ? "team" : "group", child: id },
      });
    strs(specialistView(s).handoffCandidates).forEach((role, i) => {
      for (const target of holdersOf(role)) {
        if (target === id) continue;
        edges.push({
          id: `handoff:${id}:${role}:${target}`,
          kind: "handoff",
          source: nodeId.specialist(id),
          target: nodeId.specialist(target),
          label: role,
          role,
          carrier: pointer("specialists", id, "handoffCandidates", i),
          data: { kind: "handoff", from: id, to: target, role, index: i },
        });
      }
    });
  }

  for (const [id, g] of Object.entries(org.groups)) {
    strs(groupView(g).squads).forEach((squad, i) => {
      if (org.teams[squad])
        edges.push({
          id: `member:${id}:${squad}`,
          kind: "member",
          source: nodeId.group(id),
          target: nodeId.team(squad),
          carrier: pointer("groups", id, "squads", i),
          data: { kind: "member", parent: id, parentKind: "group", child: squad },
        });
    });
  }

  const escalations = (section: "teams" | "groups", id: string, rec: OrgRecords["teams" | "groups"][string]) => {
    const path = strs(teamView(rec).escalationPath);
    const from = section === "teams" ? nodeId.team(id) : nodeId.group(id);
    path.forEach((role, i) => {
      const sources = i === 0 ? [id] : holdersOf(path[i - 1]);
      for (const sourceId of sources) {
        const source = i === 0 ? from : nodeId.specialist(sourceId);
        for (const targetId of holdersOf(role)) {
          const target = nodeId.specialist(targetId);
          if (source === target) continue;
          edges.push({
            id: `escalation:${id}:${i}:${source}:${target}`,
            kind: "escalation",
            source,
            target,
            label: `${id} · ${i + 1}`,
            carrier: pointer(section, id, "escalationPath", i),
            data: {
              kind: "escalation",
              owner: id,
              ownerKind: section === "teams" ? "team" : "group",
              step: i + 1,
              role,
              from: sourceId,
              to: targetId,
            },
          });
        }
      }
    });
  };
  for (const [id, t] of Object.entries(org.teams)) escalations("teams", id, t);
  for (const [id, g] of Object.entries(org.groups)) escalations("groups", id, g);

  for (const [id, c] of Object.entries(org.contracts)) {
    const producer = str(contractView(c).producer);
    const consumer = str(contractView(c).consumer);
    const source = producer ? partyNode(org, producer) : null;
    const target = consumer ? partyNode(org, consumer) : null;
    if (producer && consumer && source && target) {
      for (const p of [producer, consumer]) if ((WELL_KNOWN_PARTIES as readonly string[]).includes(p)) parties.add(p);
      edges.push({
        id: `contract:${id}`,
        kind: "contract",
        source,
        target,
        label: id,
        carrier: pointer("contracts", id),
        data: { kind: "contract", contractId: id, producer, consumer },
      });
    }
    const boundary = contractView(c).teamBoundary ?? {};
    const fromTeam = str(boundary.producerTeam);
    const toTeam = str(boundary.consumerTeam);
    const a = fromTeam ? teamNode(org, fromTeam) : null;
    const b = toTeam ? teamNode(org, toTeam) : null;
    if (fromTeam && toTeam && a && b && a !== b)
      edges.push({
        id: `team-boundary:${id}`,
        kind: "team-boundary",
        source: a,
        target: b,
        label: id,
        carrier: pointer("contracts", id, "teamBoundary"),
        data: { kind: "team-boundary", contractId: id, producerTeam: fromTeam, consumerTeam: toTeam },
      });
  }
  // A child keeps its first container.
  const parentOf = new Map<string, string>();
  for (const e of edges) if (e.kind === "member" && !parentOf.has(e.target)) parentOf.set(e.target, e.source);
  for (const node of nodes) {
    const parent = parentOf.get(node.id);
    if (parent) node.parent = parent;
  }
  for (const party of parties) {
    nodes.push({
      id: nodeId.party(party),
      kind: "party",
      entityId: party,
      label: party === "*" ? "any" : party,
      sublabel: PARTY_SUBLABEL[party] ?? "outside the org",
    });
  }
  return { nodes, edges };
}

const PARTY_SUBLABEL: Record<string, string> = {
  "*": "any producer",
  user: "the person asking",
  construct: "the runtime",
};
