import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { construct, constructInit, installConstruct } from "@/test/support/construct-package";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { resolvePaths } from "../config";
import { OrgApi } from "../org/org-api";
import { PlanService } from "../plan/plan-service";

let project: TempProject;

beforeAll(() => {
  project = tempProject({ prefix: "cs-c2-" });
  installConstruct(project.root);
  expect(constructInit(project.root, project.home).status).toBe(0);
  const created = construct(
    [
      "worker-profile",
      "create",
      "widget-worker",
      "--description=Owns widget implementation end to end",
      "--skills=development/typescript",
      "--allowed-paths=src/**",
    ],
    { cwd: project.root, home: project.home },
  );
  expect(created.status, created.stderr).toBe(0);
}, 180_000);

afterAll(() => project?.remove());

describe("a project Construct 2.1.1 prepared", () => {
  it("is opened as Construct 2.x, with the package's registry as its built-in tier and the profile Construct made", async () => {
    const paths = resolvePaths({ root: project.root, home: project.home });
    expect(paths.construct).toMatchObject({ generation: "2", version: "2.1.1", source: "project", readOnly: false });
    const api = new OrgApi(paths);
    const profiles = await api.listEntities("worker-profile");
    const ids = profiles.items.map((i) => i.id);
    expect(ids).toContain("architect");
    expect(ids).toContain("widget-worker");
    const custom = profiles.items.find((i) => i.id === "widget-worker");
    expect(custom?.scope).toBe("project");
    expect(custom?.path).toBe(".construct/org/worker-profiles/widget-worker.json");
    expect((await api.listEntities("procedure")).count).toBeGreaterThan(5);
    expect((await api.listEntities("capability")).items.map((i) => i.id)).toContain("workflow.prd-draft");
    expect((await api.listEntities("registry-policy")).items.map((i) => i.id)).toContain("commit-approval");
    expect((await api.listEntities("workspace-preset")).items.map((i) => i.id)).toContain("research");
    // The earlier org's kinds do not exist here, and every surface says so rather than listing none.
    await expect(api.listEntities("specialist")).rejects.toMatchObject({
      code: "not_in_generation",
      message: expect.stringContaining("specialists do not exist in Construct 2.x"),
    });
  });

  it("plans against HEAD with the package's registry as it is installed: only the project's profiles change", async () => {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: project.root, stdio: "pipe" });
    git("init", "-q");
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "empty");
    const api = new OrgApi(resolvePaths({ root: project.root, home: project.home }));
    const plan = await new PlanService(api, async () => []).plan("HEAD");
    const entities = plan.changes.filter((c) => c.kind === "entity");
    // The registry is not versioned with the project, so none of it reads as removed or added.
    expect(entities).toEqual([
      expect.objectContaining({ action: "add", entity: "worker-profile", id: "widget-worker" }),
    ]);
    expect(plan.summary.remove).toBe(0);
  });
});
