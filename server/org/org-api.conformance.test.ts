import fs from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { overlaps, structureKeyOf } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { UPSTREAM_ORG_DIR } from "@/test/support/upstream";
import { resolvePaths, type StudioPaths } from "../config";
import { browserGraph } from "../test-support/browser-graph";
import { OrgApi, validateTree } from "./org-api";

/** The org API on the original project's own org, which we did not write. */

let paths: StudioPaths;
let api: OrgApi;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-org-conf-");
  cleanup = tmp.cleanup;
  paths = resolvePaths({ root: tmp.root, home: tmp.home, appDir: APP_DIR });
  api = new OrgApi(paths);
});

afterEach(async () => {
  api.close();
  await cleanup();
});

describe("the upstream fixture org", () => {
  it("validated alone: 98 entities, zero errors, upstream's own quirks as warnings", async () => {
    const result = await validateTree(UPSTREAM_ORG_DIR);
    expect(result.counts).toEqual({ groups: 6, teams: 8, specialists: 12, contracts: 35, policies: 37 });
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    // e.g. the retired `sre` role.
    expect(result.warnings).toContainEqual(
      expect.objectContaining({
        id: "handoff-unknown-role",
        location: "#/specialists/cx-debugger/handoffCandidates/2",
      }),
    );
  });

  it("as the project tier over the built-in org, lays out as the browser's graph would be laid out", async () => {
    await fs.cp(UPSTREAM_ORG_DIR, paths.projectOrgDir, { recursive: true, filter: (src) => !src.endsWith(".md") });
    const graph = await browserGraph(api);
    const auto = await api.autoLayout();
    expect(graph.nodes.length).toBeGreaterThan(20);
    expect(auto.structureKey).toBe(structureKeyOf(graph));
    expect(auto.positions).toEqual(layoutGraph(graph.nodes, graph.edges));
    expect(Object.keys(auto.positions).sort()).toEqual(graph.nodes.map((n) => n.id).sort());
    expect(overlaps(graph.nodes, auto.positions)).toEqual([]);
  });
});
