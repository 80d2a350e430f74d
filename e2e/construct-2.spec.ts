import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { construct, constructInit, installConstruct } from "../test/support/construct-package";
import { type Studio, startStudio } from "../test/support/processes";
import { type TempProject, tempProject } from "../test/support/temp-project";
import { AppShell } from "./pages/app-shell";
import { EditorPage } from "./pages/editor-page";
import { WorkerProfilesPage } from "./pages/worker-profiles-page";
import { extraPort, ORIGIN, studioOfItsOwn } from "./support";

// A project Construct 2.1.1 prepared itself (install, `construct init`, `construct worker-profile create`),
// edited in the browser; Construct's own CLI judges what the studio writes.
const SHOTS = process.env.SHOTS_DIR;
let project: TempProject;
let studio: Studio;
const run = (args: string[]) => construct(args, { cwd: project.root, home: project.home });

test.describe("a project Construct 2.1.1 prepared", () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    project = tempProject({ prefix: "studio-c2-", home: "inside" });
    installConstruct(project.root);
    expect(constructInit(project.root, project.home).status).toBe(0);
    for (const [id, ...flags] of [
      ["widget-worker", "--handoff-candidates=reviewer,gadgets"],
      ["gadget-smith", "--role=gadgets", "--handoff-candidates=widget-worker"],
    ]) {
      const made = run([
        "worker-profile",
        "create",
        id,
        `--description=Owns ${id} implementation end to end`,
        "--skills=development/typescript",
        "--allowed-paths=src/**",
        ...flags,
      ]);
      expect(made.status, made.stderr).toBe(0);
    }
    studio = await startStudio({ port: extraPort(9), root: project.root, home: project.home, xdg: project.xdg });
  });

  test.afterAll(async () => {
    await studio?.kill();
    project?.remove();
  });

  test("the header and /api/health say Construct 2.1.1; the canvas shows registry and custom profiles and 2.x's relationships", async ({
    page,
  }) => {
    const health = await (await fetch(`${studio.origin}/api/health`)).json();
    expect(health).toEqual({
      ok: true,
      root: project.root,
      construct: {
        generation: "2",
        version: "2.1.1",
        source: "project",
        reason: expect.any(String),
        readOnly: false,
        // A project install runs nothing until the user trusts the project once.
        trusted: false,
        trust: expect.stringContaining("construct-studio trust"),
        // What the generation has, for the pages: its kinds, relationships and what it lacks.
        label: "Construct 2.1.1 · worker profiles",
        kinds: ["worker-profile", "procedure", "capability", "workspace-preset", "registry-policy"],
        edgeKinds: expect.not.arrayContaining(["team-boundary"]),
        principal: "worker-profile",
        offersTrust: true,
        absent: { "embed-tick": expect.any(String), "embed-overrides": expect.any(String) },
      },
    });
    const editor = new WorkerProfilesPage(page, studio.origin);
    await editor.openFirstView();
    await expect(editor.generation()).toHaveText("Construct 2.1.1 · worker profiles");
    // 2.x has no teams: the legend offers no team boundaries.
    await expect(page.getByTestId("legend-team-boundary")).toHaveCount(0);
    await expect(page.getByTestId("legend-handoff")).toBeVisible();
    await expect(page.getByTestId("workspace-preset")).toHaveText(/^preset [a-z-]+$/);
    await expect(editor.node("tier:builtin")).toContainText("Construct registry");
    await expect(editor.node("tier:project")).toContainText("This project");
    for (const id of ["architect", "reviewer", "widget-worker", "gadget-smith"])
      await expect(editor.node(`worker-profile:${id}`)).toBeInViewport();
    expect(await page.locator('[data-testid^="node-specialist:"]').count()).toBe(0);
    for (const kind of ["handoff", "contract", "escalation"])
      expect(await editor.edges(kind).count()).toBeGreaterThan(0);
    // Legible at first sight: a card's name is at least 12 px on screen.
    const px = await editor.node("worker-profile:architect").evaluate((node) => {
      const zoom = Number(
        /scale\(([\d.]+)\)/.exec((document.querySelector(".react-flow__viewport") as HTMLElement).style.transform)?.[1],
      );
      return Number.parseFloat(getComputedStyle(node.querySelector("div.truncate") as HTMLElement).fontSize) * zoom;
    });
    expect(px).toBeGreaterThanOrEqual(12);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "canvas.png") });

    // New offers only the kind a 2.x project writes.
    await page.getByTestId("new-menu").click();
    await expect(page.getByRole("menuitem")).toHaveText(["worker profile"]);
    await page.keyboard.press("Escape");

    await editor.openNode("worker-profile:widget-worker");
    await expect(page.getByTestId("worker-profile-form")).toBeVisible();
    await expect(editor.panel().getByLabel("Role", { exact: true })).toHaveValue("widget-worker");
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "profile-panel.png") });
    expect(editor.consoleErrors).toEqual([]);
  });

  test("a capability and a procedure open read-only, with the reason, and nothing to save", async ({ page }) => {
    const editor = new WorkerProfilesPage(page, studio.origin);
    await editor.openFirstView();
    await editor.openBySearch("workflow.prd-draft", "workflow.prd-draft");
    await expect(editor.registryForm()).toBeVisible();
    await expect(page.getByTestId("read-only-reason")).toContainText("registry/capabilities.json");
    await expect(editor.registryForm()).toContainText("product-manager-to-architect");
    await expect(editor.saveButton()).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "capability-read-only.png") });

    // A procedure, from a profile's panel that lists where it takes part.
    await editor.openNode("worker-profile:architect");
    await expect(editor.panelTitle()).toHaveText("architect");
    await editor.panel().getByRole("button", { name: "procedure architecture-review" }).click();
    await expect(editor.panelTitle()).toHaveText("architecture-review");
    await expect(page.getByTestId("read-only-reason")).toContainText("registry/procedures/");
    await expect(editor.saveButton()).toHaveCount(0);
    expect(editor.consoleErrors).toEqual([]);
  });

  test("keyboard only: New → worker profile, fill, Create writes a profile Construct's own CLI validates and shows", async ({
    page,
  }) => {
    const editor = new WorkerProfilesPage(page, studio.origin);
    await editor.openFirstView();
    const trigger = page.getByTestId("new-menu");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "worker profile" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(editor.panel()).toHaveAttribute("aria-label", "worker-profile new");

    await (await editor.tabTo("Id")).pressSequentially("doc-keeper");
    // Construct's own defaults are in the form before saving: the role follows the id, tier standard, paths ".".
    const role = await editor.tabTo("Role");
    await expect(role).toHaveValue("doc-keeper");
    await expect(editor.panel().getByLabel("Model tier", { exact: true })).toHaveValue("standard");
    await expect(editor.panel().getByTestId("tags-fence.allowedPaths")).toContainText(".");
    // Untouched fields stay quiet while the id is typed: nothing is red before a touch or a save.
    await expect(editor.panel().locator('[aria-invalid="true"]')).toHaveCount(0);
    await role.press("ControlOrMeta+a");
    await role.pressSequentially("docs");
    await (await editor.tabTo("Description")).pressSequentially("Keeps the project's documentation true to the code");
    await (await editor.tabTo("Model tier")).press("s");
    await expect(editor.panel().getByLabel("Model tier", { exact: true })).toHaveValue("standard");
    const skills = await editor.tabTo("Skills");
    if ((await editor.panel().getByTestId("tags-skills").locator("code, span").count()) === 0) {
      await skills.pressSequentially("docs/artifact-authorship");
      await page.keyboard.press("Enter");
    }
    await (await editor.tabTo("Fence: allowed paths")).pressSequentially("docs/**");
    await page.keyboard.press("Enter");
    const create = editor.saveButton();
    for (let i = 0; i < 40 && !(await create.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(editor.panelTitle()).toHaveText("doc-keeper");

    const file = path.join(project.root, ".construct/org/worker-profiles/doc-keeper.json");
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ name: "doc-keeper", role: "docs" });
    const validated = run(["worker-profile", "validate", `--file=${file}`]);
    expect(validated.status, validated.stdout + validated.stderr).toBe(0);
    const shown = run(["worker-profile", "show", "doc-keeper"]);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("doc-keeper");
    await expect(editor.node("worker-profile:doc-keeper")).toBeAttached();
    expect(editor.consoleErrors).toEqual([]);
  });

  test("the list page covers 2.x's kinds, never the ADR-era ones", async ({ page }) => {
    await page.goto(`${studio.origin}/list`);
    await expect(page.getByTestId("construct-generation")).toHaveText("Construct 2.1.1 · worker profiles");
    await expect(page.getByTestId("workspace-preset")).toHaveText(/^preset [a-z-]+$/);
    for (const kind of ["worker-profile", "procedure", "capability", "workspace-preset", "registry-policy"])
      await expect(page.getByTestId(`count-${kind}`)).toBeVisible();
    await expect(page.getByTestId("count-specialist")).toHaveCount(0);
    await expect(page.getByTestId("count-team")).toHaveCount(0);
  });

  test("at 1280 px the header is one row, the preset and the offer to trust beside the project's path", async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const href of ["/", "/list"]) {
      await page.goto(`${studio.origin}${href}`);
      await expect(page.getByTestId("workspace-preset")).toBeVisible();
      const row = await shell.headerRow();
      expect(row.outside, href).toEqual([]);
      expect(row.height, href).toBeCloseTo(row.twoLines, 0);
    }
    await page.goto(`${studio.origin}/`);
    // Short on screen; its name says what trusting does.
    await expect(page.getByRole("button", { name: /^Trust Construct: run its own validators/ })).toBeVisible();
    if (SHOTS)
      await page.screenshot({
        path: path.join(SHOTS, "header-1280.png"),
        clip: { x: 0, y: 0, width: 1280, height: 160 },
      });
  });

  // Last in this group: trusting changes what the project's studio answers from here on.
  test("the project's own install runs only once the user trusts it, from the header, after saying what that means", async ({
    page,
  }) => {
    await page.goto(`${studio.origin}/`);
    const trustFile = path.join(project.xdg, "construct-studio", "trust.json");
    const button = page.getByTestId("trust-construct");
    await expect(button).toBeVisible();
    await button.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("runs code that came with this project");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(existsSync(trustFile), "dismissed: nothing trusted").toBe(false);
    await button.click();
    await page.getByRole("dialog").getByRole("button", { name: "Trust", exact: true }).click();
    await expect(button).toHaveCount(0);
    expect(existsSync(trustFile)).toBe(true);
    const health = await (await fetch(`${studio.origin}/api/health`)).json();
    expect(health.construct).toMatchObject({ trusted: true });
  });
});

test.describe("a project whose Construct 2.x is not installed", () => {
  const own = studioOfItsOwn({
    prefix: "studio-c2-missing-",
    port: extraPort(8),
    dirs: [".construct/org/worker-profiles"],
  });

  test("the header says so and the problem badge lists construct-missing with its message", async ({ page }) => {
    const editor = new WorkerProfilesPage(page, own.studio.origin);
    await page.goto(`${own.studio.origin}/`);
    await expect(editor.generation()).toHaveText("Construct 2.x (not installed) · worker profiles");
    const health = await (await fetch(`${own.studio.origin}/api/health`)).json();
    expect(health.construct).toMatchObject({ generation: "2", version: null, source: "none" });
    await page.getByTestId("org-status").click();
    await expect(page.getByRole("dialog")).toContainText("Construct 2.x is not installed where the studio looks");
  });
});

test("an ADR-era project says so, and New and the palette offer only its kinds", async ({ page }) => {
  const health = await (await fetch(`${ORIGIN}/api/health`)).json();
  expect(health.construct).toMatchObject({ generation: "adr", readOnly: false });
  const editor = new EditorPage(page, ORIGIN);
  await editor.open();
  await expect(page.getByTestId("construct-generation")).toHaveText("ADR-era org · specialists and teams");
  await page.getByTestId("new-menu").click();
  await expect(page.getByRole("menuitem")).toHaveText(["specialist", "team", "group", "contract"]);
  await page.keyboard.press("Escape");
  await editor.search("New worker");
  await expect(page.getByRole("option", { name: /New worker-profile/ })).toHaveCount(0);
});
