import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { construct, constructInit, installConstruct } from "@/test/support/construct-package";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { resolvePaths } from "../config";
import { OrgApi } from "../org/org-api";

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
    expect((await api.listEntities("specialist")).count).toBe(0);
  });
});
