import path from "node:path";
import { expect, test } from "@playwright/test";
import { construct, constructInit, installConstruct } from "../test/support/construct-package";
import { type Studio, startStudio } from "../test/support/processes";
import { type TempProject, tempProject, writeFiles } from "../test/support/temp-project";

/**
 * The packs and embed pages of a project Construct 2.1.1 prepared, with its own CLI as the judge:
 * what the page enables, `construct pack list` and `construct embed status` show enabled, and what
 * `construct` enabled, the page shows enabled.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 3;
const SHOTS = process.env.SHOTS_DIR ?? "test-results";

let project: TempProject;
let studio: Studio;
const run = (args: string[]) => construct(args, { cwd: project.root, home: project.home });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  project = tempProject({ prefix: "studio-e2e-c2-" });
  installConstruct(project.root);
  expect(constructInit(project.root, project.home).status).toBe(0);
  writeFiles(project.root, {
    ".construct/packs/acme/pack.manifest.json": {
      id: "acme-widgets",
      version: "1.2.0",
      compatVersion: 1,
      workerProfiles: ["widget-worker"],
    },
    ".construct/packs/acme/org/worker-profiles/widget-worker.json": {
      name: "widget-worker",
      description: "Owns widget implementation from the acme pack, end to end",
      role: "engineer",
      modelTier: "standard",
      skills: ["development/typescript"],
      fence: { allowedPaths: ["src/**"] },
      handoffCandidates: [],
    },
    ".construct/packs/old/pack.manifest.json": { id: "old-format", version: "1.0.0", compatVersion: "^1.0.0" },
  });
  writeFiles(path.join(project.home, ".config", "construct", "packs"), {
    "house/pack.manifest.json": { id: "house-tools", version: "0.3.1", compatVersion: 1 },
  });
  expect(run(["pack", "enable", "house-tools"]).status).toBe(0);
  expect(run(["embed", "enable", "pm-feedback"]).status).toBe(0);
  studio = await startStudio({
    port: PORT,
    root: project.root,
    home: path.join(project.home, ".construct"),
    xdg: path.join(project.base, "xdg"),
    env: { HOME: project.home },
  });
});

test.afterAll(async () => {
  await studio?.kill();
  project?.remove();
});

test("the packs page lists every pack `construct pack list` lists, in the same state, and enables one as it does", async ({
  page,
}) => {
  await page.goto(`${studio.origin}/packs`);
  await expect(page.getByTestId("construct-version")).toHaveText("Construct 2.1.1 · pack compatVersion 1");
  const core = page.getByTestId("pack-@construct/core");
  await expect(core).toContainText("@construct/core@0.0.0");
  await expect(core.getByTestId("pack-state")).toHaveText("enabled");
  const house = page.getByTestId("pack-house-tools");
  await expect(house).toContainText("house-tools@0.3.1");
  await expect(house.getByTestId("pack-state")).toHaveText("enabled");
  await expect(page.getByTestId("pack-old-format").getByTestId("pack-error")).toContainText(
    'is a semver range, which Construct 2.1.1 refuses ("compatVersion must be an integer"): write "compatVersion": 1',
  );
  const acme = page.getByTestId("pack-acme-widgets");
  await expect(acme.getByTestId("pack-contributes")).toHaveText("contributes 1 worker profile, 0 prompts");
  await expect(acme.getByTestId("pack-state")).toHaveText("disabled");

  await acme.getByTestId("toggle-acme-widgets").click();
  await page.getByTestId("pack-preview-confirm").click();
  await expect(acme.getByTestId("pack-state")).toHaveText("enabled");
  await page.screenshot({ path: `${SHOTS}/construct-2-packs.png`, fullPage: true });

  const listed = JSON.parse(run(["pack", "list", "--json"]).stdout) as {
    packs: { id: string; version: string; enabled: boolean }[];
  };
  expect(listed.packs.map((p) => [p.id, p.version, p.enabled])).toEqual([
    ["@construct/core", "0.0.0", true],
    ["acme-widgets", "1.2.0", true],
    ["house-tools", "0.3.1", true],
  ]);
});

test("the embed page shows what `construct embed` enabled, and what it enables `construct embed status` calls enabled", async ({
  page,
}) => {
  await page.goto(`${studio.origin}/embed`);
  await expect(page.getByTestId("embed-summary")).toContainText("4 capabilities · 1 enabled");
  const feedback = page.getByTestId("capability-pm-feedback");
  await expect(feedback.getByTestId("capability-state")).toHaveText("enabled");
  await expect(feedback.getByTestId("specialist")).toHaveText("product-manager");
  await expect(feedback).toContainText("Worker profile");
  // Construct's own daemon ticks 2.x capabilities: the card offers no tick and no overrides, and says why once.
  await expect(feedback.getByTestId("run-now")).toBeHidden();
  await expect(feedback.getByTestId("edit-overrides")).toBeHidden();
  await expect(page.getByTestId("embed-absent")).toContainText("construct embed start");
  const operations = page.getByTestId("capability-operations");
  await expect(operations.getByTestId("capability-state")).toHaveText("disabled");

  await operations.getByTestId("toggle-enabled").click();
  await expect(operations.getByTestId("capability-state")).toHaveText("enabled");
  await expect(page.getByTestId("embed-summary")).toContainText("4 capabilities · 2 enabled");
  expect(run(["embed", "status", "operations"]).stdout.split("\n")[0]).toBe("embed capability 'operations': enabled");
  await page.screenshot({ path: `${SHOTS}/construct-2-embed.png`, fullPage: true });

  await feedback.getByTestId("toggle-enabled").click();
  await expect(feedback.getByTestId("capability-state")).toHaveText("disabled");
  expect(run(["embed", "status", "pm-feedback"]).stdout.split("\n")[0]).toBe(
    "embed capability 'pm-feedback': available (not enabled)",
  );
});
