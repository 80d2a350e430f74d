import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticOrg } from "@/bench/generate-org";
import { FOLDED_FIRST_VIEW_ABOVE } from "@/lib/graph/first-view";
import { APP_DIR, type TempProject, tempProject } from "@/test/support/temp-project";
import { resolvePaths } from "../config";
import { firstPaintSummary, foldedFirstView } from "./first-view";
import { OrgApi } from "./org-api";

describe("foldedFirstView", () => {
  let project: TempProject;
  let api: OrgApi;
  beforeAll(() => {
    project = tempProject({ prefix: "cs-first-view-", home: "inside" });
    writeSyntheticOrg(project.root, FOLDED_FIRST_VIEW_ABOVE + 100);
    // Cached as the server's is: one snapshot, and one graph, per version of the org.
    api = new OrgApi(resolvePaths({ root: project.root, home: project.home, appDir: APP_DIR }), { cache: true });
  }, 120_000);
  afterAll(() => {
    api.close();
    project.remove();
  }, 60_000);

  it("folds a big org once per version and saved layout, naming the kinds of the project's generation", async () => {
    const view = await foldedFirstView(api, null);
    expect(view?.kinds).toEqual(["specialist", "team", "group", "contract", "policy"]);
    expect(view?.nodes.some((n) => n.kind === "specialist")).toBe(false);
    expect(await foldedFirstView(api, null)).toBe(view);
    const teams = (await api.graph()).nodes.filter((n) => n.kind === "team").map((n) => n.id);
    const saved = await foldedFirstView(api, { version: 1, positions: {}, collapsed: teams });
    expect(saved).not.toBe(view);
    expect(saved?.collapsed.sort()).toEqual(teams.sort());
  }, 120_000);

  it("summarizes once per version, with a key of its own each time the org changes", async () => {
    const summary = await firstPaintSummary(api);
    expect(summary.key).toBeTruthy();
    expect(summary.kinds).toEqual(["specialist", "team", "group", "contract", "policy"]);
    // The built-in org's specialists beside the generated ones.
    expect(summary.sections.specialists.length).toBeGreaterThan(FOLDED_FIRST_VIEW_ABOVE + 100);
    expect(summary.problems.every((p) => p.severity === "error")).toBe(true);
    expect(await firstPaintSummary(api)).toBe(summary);
    api.invalidate();
    const next = await firstPaintSummary(api);
    expect(next).not.toBe(summary);
    expect(next.key).not.toBe(summary.key);
    expect(next.sections).toEqual(summary.sections);
  }, 120_000);

  it("gives nothing for folds saved open, so the page ships the records", async () => {
    expect(await foldedFirstView(api, { version: 1, positions: {}, collapsed: [] })).toBeNull();
  }, 120_000);
});
