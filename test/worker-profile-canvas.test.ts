import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_FIT, FIRST_PANE, fitViewport, TITLE_PX } from "@/lib/graph/fit-view";
import { nodeBoxes } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { parsePointer } from "@/lib/json/pointer";
import { EDGE_KINDS, edgeSpec } from "@/schemas/edge-kinds";
import type { Graph } from "@/schemas/graph";
import { emptyOrg, type Scope, SECTION_OF, type Section } from "@/schemas/kinds";
import { resolvePaths } from "@/server/config";
import { OrgApi } from "@/server/org/org-api";
import { construct, constructInit, installConstruct } from "@/test/support/construct-package";
import { siblingOverlaps } from "@/test/support/graph-checks";
import { type TempProject, tempProject } from "@/test/support/temp-project";

let project: TempProject;
let graph: Graph;

/** The org the editor draws: every kind's merged records, and the tier each came from. */
async function graphOf(root: string, home: string): Promise<Graph> {
  const api = new OrgApi(resolvePaths({ root, home }));
  const org = emptyOrg();
  const scopes: Record<string, Scope> = {};
  // The kinds of the project's generation: another generation's do not exist here.
  for (const kind of api.paths.adapter.kinds) {
    const section = SECTION_OF[kind] as Section;
    for (const row of (await api.listEntities(kind)).items) {
      (org[section] as Record<string, unknown>)[row.id] = row.record;
      scopes[`${section}/${row.id}`] = row.scope;
    }
  }
  return orgToGraph({ org, scopes });
}

beforeAll(async () => {
  project = tempProject({ prefix: "cs-c2-canvas-" });
  installConstruct(project.root);
  expect(constructInit(project.root, project.home).status).toBe(0);
  for (const args of [
    ["widget-worker", "--handoff-candidates=reviewer,gadgets"],
    ["gadget-smith", "--role=gadgets", "--handoff-candidates=widget-worker"],
  ]) {
    const [id, ...flags] = args;
    const made = construct(
      [
        "worker-profile",
        "create",
        id,
        `--description=Owns ${id} implementation end to end`,
        "--skills=development/typescript",
        "--allowed-paths=src/**",
        ...flags,
      ],
      { cwd: project.root, home: project.home },
    );
    expect(made.status, made.stderr).toBe(0);
  }
  graph = await graphOf(project.root, project.home);
}, 180_000);

afterAll(() => project?.remove());

describe("the canvas of a project Construct 2.1.1 prepared", () => {
  it("draws worker profiles as their own cards, boxed by the tier holding their file", () => {
    const node = (id: string) => graph.nodes.find((n) => n.id === id);
    expect(node("worker-profile:architect")).toMatchObject({ kind: "worker-profile", parent: "tier:builtin" });
    expect(node("worker-profile:widget-worker")).toMatchObject({ kind: "worker-profile", parent: "tier:project" });
    expect(node("tier:builtin")).toMatchObject({ kind: "tier", label: "Construct registry" });
    expect(graph.nodes.filter((n) => n.kind === "specialist" || n.kind === "team")).toEqual([]);
    expect(graph.nodes.filter((n) => n.kind === "worker-profile")).toHaveLength(14);
  });

  it("draws every relationship kind 2.x has, each edge naming the record and field carrying it", () => {
    const kinds = new Set(graph.edges.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(["contract", "escalation", "handoff", "member"]);
    expect(EDGE_KINDS.filter((k) => !kinds.has(k))).toEqual(["team-boundary"]);
    const edge = (id: string) => graph.edges.find((e) => e.id === id);
    // A candidate names a profile by id (reviewer) or by role (gadget-smith's is "gadgets").
    expect(edge("handoff:widget-worker:reviewer:reviewer")?.carrier).toBe(
      "#/worker-profiles/widget-worker/handoffCandidates/0",
    );
    expect(edge("handoff:widget-worker:gadgets:gadget-smith")).toBeDefined();
    expect(edge("handoff:gadget-smith:widget-worker:widget-worker")).toBeDefined();
    expect(edge("contract:workflow.prd-draft:product-manager-to-architect")).toMatchObject({
      source: "worker-profile:product-manager",
      target: "worker-profile:architect",
      carrier: "#/capabilities/workflow.prd-draft/contracts/product-manager-to-architect",
    });
    expect(edge("contract:orchestration.routing:user-to-construct")).toMatchObject({
      source: "party:user",
      target: "party:construct",
    });
    expect(edge("escalation:architecture:0:architect:orchestrator")?.carrier).toBe(
      "#/registry-policies/architecture/escalationWorkerProfiles/0",
    );
    for (const e of graph.edges) {
      const [section, id] = parsePointer(e.carrier);
      expect(section, e.id).toMatch(/^(worker-profiles|capabilities|registry-policies)$/);
      expect(id, e.id).toBeTruthy();
      expect(edgeSpec(e.kind).origin(e.data), e.id).toContain(e.kind === "member" ? "tier" : id);
    }
  });

  it("fits its first view at 1440 × 800 with every card's name legible and no sibling over another", () => {
    const positions = layoutGraph(graph.nodes, graph.edges);
    const boxes = nodeBoxes(graph.nodes, positions);
    expect(siblingOverlaps(graph, boxes)).toEqual([]);
    const v = fitViewport(Object.values(boxes), FIRST_PANE.width, FIRST_PANE.height, FIRST_FIT);
    if (!v) throw new Error("no view");
    expect(v.zoom * TITLE_PX).toBeGreaterThanOrEqual(12);
    const off = Object.entries(boxes).filter(
      ([, b]) =>
        b.x * v.zoom + v.x < 0 ||
        b.y * v.zoom + v.y < 0 ||
        (b.x + b.width) * v.zoom + v.x > FIRST_PANE.width ||
        (b.y + b.height) * v.zoom + v.y > FIRST_PANE.height,
    );
    expect(off.map(([id]) => id)).toEqual([]);
  });
});
