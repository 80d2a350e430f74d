import { describe, expect, it } from "vitest";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { smallOrg } from "@/lib/org/small-org.fixture";
import { planOverlay } from "./overlay";
import { computePlan } from "./plan";

describe("planOverlay", () => {
  it("marks added and widening nodes, keeps removed ones as ghosts under the org, and their edges", () => {
    const before = smallOrg();
    const after = smallOrg();
    delete after.specialists["cx-researcher"];
    after.teams["product-team"].roles = ["product-manager", "product-manager.platform"];
    after.specialists["cx-pm"].handoffCandidates = ["architect"];
    after.specialists["cx-new"] = { ...after.specialists["cx-engineer"], id: "cx-new", name: "new", role: "new" };
    (after.specialists["cx-engineer"].fence as { allowedCommands: string[] }).allowedCommands.push("npm test");
    const plan = computePlan(
      { org: before, problems: [] },
      { org: after, problems: [] },
      { against: { kind: "git", ref: "HEAD" } },
    );
    const graph = orgToGraph({ org: after });
    const positions = Object.fromEntries(graph.nodes.map((n, i) => [n.id, { x: i * 10, y: 100 }]));
    const o = planOverlay(plan, graph, positions);
    expect(o.nodes["specialist:cx-new"]).toBe("add");
    expect(o.nodes["specialist:cx-engineer"]).toBe("widen");
    expect(o.nodes["team:product-team"]).toBe("change");
    expect(o.nodes["specialist:cx-researcher"]).toBe("remove");
    expect(o.graph.nodes.find((n) => n.id === "specialist:cx-researcher")).toMatchObject({ sublabel: "removed" });
    expect(o.positions["specialist:cx-researcher"].y).toBeGreaterThan(100);
    const ghost = o.graph.edges.find((e) => e.id.startsWith("ghost:handoff:cx-pm:researcher"));
    expect(ghost).toMatchObject({ source: "specialist:cx-pm", target: "specialist:cx-researcher" });
    expect(o.edges[ghost!.id]).toBe("remove");
    expect(o.byNode["specialist:cx-engineer"].map((c) => c.kind)).toEqual(["entity", "access"]);
  });
});
