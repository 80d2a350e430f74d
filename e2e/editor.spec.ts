import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { api, ORIGIN, ROOT, specialist } from "./support";

const projectFile = (section: string, id: string) => path.join(ROOT, ".cx", "org", section, `${id}.json`);
const readProject = (section: string, id: string) => JSON.parse(readFileSync(projectFile(section, id), "utf8"));

test.describe("graph editor", () => {
  test("draws the four relationship kinds, each toggled from the legend", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    for (const kind of ["handoff", "escalation", "contract", "team-boundary"]) {
      await expect(editor.edgesHolding(kind).first()).toBeAttached();
      const toggle = page.getByTestId(`legend-${kind}`);
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-pressed", "false");
      await expect(editor.edgesHolding(kind)).toHaveCount(0);
      await toggle.click();
      await expect(editor.edgesHolding(kind).first()).toBeAttached();
    }
    // Hovering an edge names the record that carries it, in the records' words.
    await editor.hoverEdgeOf("specialist:cx-orchestrator", "contract:construct-to-orchestrator");
    await expect(page.getByTestId("edge-info")).toContainText("construct → cx-orchestrator");
    await expect(page.getByTestId("edge-info")).toContainText("contract construct-to-orchestrator");
    await expect(page.getByTestId("edge-info")).not.toContainText("#/");
    // Hiding contracts from the keyboard takes the edge from under the pointer, and a browser sends no
    // mouseleave for that: the hover, and its info, end with the edge.
    await page.getByTestId("legend-contract").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("legend-contract")).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("edge-info")).toBeHidden();
    expect(editor.consoleErrors).toEqual([]);
    expect(editor.externalRequests).toEqual([]);
  });

  test("the header's page links navigate in place, prefetched on intent; Ctrl+click is left to the browser", async ({
    page,
    context,
  }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    const packs = page.getByRole("link", { name: "Packs" });
    await expect(packs).toHaveAttribute("href", "/packs");
    // A page that reloads loses this mark; an in-place navigation keeps it.
    await page.evaluate(() => Object.assign(window, { studioMark: "same document" }));
    // Pointing at the link fetches the page ahead of the click (Next's router prefetch).
    const prefetched = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/packs" && r.headers()["next-router-prefetch"] === "1",
    );
    await packs.hover();
    await prefetched;
    await packs.click();
    await expect(page.getByRole("heading", { name: "Packs" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/packs");
    expect(await page.evaluate(() => (window as unknown as { studioMark?: string }).studioMark)).toBe("same document");

    // Ctrl+click: a new tab on /list, this page stays where it is.
    await page.goBack();
    await expect(page.getByRole("link", { name: "List" })).toBeVisible();
    const opened = context.waitForEvent("page");
    await page.getByRole("link", { name: "List" }).click({ modifiers: ["Control"] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe("/list");
    expect(new URL(page.url()).pathname).toBe("/");
    await tab.close();
    expect(editor.consoleErrors).toEqual([]);
  });

  test("dragging from one specialist to another adds a handoff, saved as a project override that survives reload; Delete removes it; undo and redo replay it", async ({
    page,
  }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    await expect(editor.edge("handoff:cx-qa:security:cx-security")).toHaveCount(0);
    await editor.connect("specialist:cx-qa", "specialist:cx-security");
    await editor.confirm("Create override");
    await expect(page.getByTestId("toast-success")).toContainText(/add handoff cx-qa → security/i);
    expect(readProject("specialists", "cx-qa")).toEqual({
      id: "cx-qa",
      handoffCandidates: expect.arrayContaining(["security"]),
    });

    // Undo removes the override the edit created; redo writes it again.
    await page.keyboard.press("Control+z");
    await expect.poll(() => existsSync(projectFile("specialists", "cx-qa"))).toBe(false);
    await expect(editor.edge("handoff:cx-qa:security:cx-security")).toHaveCount(0);
    // Redo pressed at once is queued behind the undo (it once found the redo stack still empty).
    await page.keyboard.press("Control+Shift+z");
    await expect(page.getByText(/Redid add handoff cx-qa → security/i)).toBeVisible();
    await expect
      .poll(
        () =>
          existsSync(projectFile("specialists", "cx-qa")) &&
          readProject("specialists", "cx-qa").handoffCandidates.includes("security"),
      )
      .toBe(true);
    // Both keys at once: the redo waits for the undo, so the file is removed and written again
    // (a later mtime), not left removed with "Nothing to redo".
    const before = statSync(projectFile("specialists", "cx-qa")).mtimeMs;
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+Shift+z");
    await expect
      .poll(() => {
        const file = projectFile("specialists", "cx-qa");
        return (
          existsSync(file) && statSync(file).mtimeMs > before && readProject("specialists", "cx-qa").handoffCandidates
        );
      })
      .toContain("security");

    await page.reload();
    // The overview sums relationships between teams; a specialist's own are drawn when it has focus.
    await editor.node("specialist:cx-qa").click();
    await expect(editor.edge("handoff:cx-qa:security:cx-security")).toBeAttached();

    await editor.clickEdgeOf("specialist:cx-qa", "handoff:cx-qa:security:cx-security");
    await expect(page.getByTestId("remove-handoff")).toBeVisible();
    await page.keyboard.press("Delete");
    await expect.poll(() => readProject("specialists", "cx-qa").handoffCandidates.includes("security")).toBe(false);
    await expect(editor.edge("handoff:cx-qa:security:cx-security")).toHaveCount(0);
    expect(editor.consoleErrors).toEqual([]);
  });

  test("while a node is dragged only its own relationships stay on the canvas; dropping it brings the rest back", async ({
    page,
  }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    const id = "specialist:cx-researcher";
    const labels = () =>
      page.locator(".react-flow__edge").evaluateAll((edges) => edges.map((e) => e.getAttribute("aria-label") ?? ""));
    const box = (await editor.node(id).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    // Hovered, the node's own relationships are drawn in full and the overview's sums step back.
    await expect.poll(async () => (await labels()).some((l) => l.includes(id))).toBe(true);
    const before = (await labels()).length;
    await page.mouse.down();
    try {
      await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 3 + 30, { steps: 6 });
      await expect.poll(async () => (await labels()).length).toBeLessThan(before);
      const during = await labels();
      expect(during.length).toBeGreaterThan(0);
      for (const label of during) expect(label).toContain(id);
    } finally {
      await page.mouse.up();
    }
    await expect.poll(async () => (await labels()).length).toBe(before);
    expect((await api("PUT", "/api/layout", { positions: { [id]: null } })).status).toBe(200);
    expect(editor.consoleErrors).toEqual([]);
  });

  test("an invalid connection is refused with the reason", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    await editor.connect("specialist:cx-architect", "specialist:cx-engineer");
    await expect(page.getByTestId("toast-error")).toContainText('already hands off to "engineer"');
    await editor.connect("specialist:cx-architect", "team:engineering-team");
    await expect(page.getByTestId("toast-error").first()).toContainText("from one specialist to another");
  });

  test("a FieldError from validation appears as a squiggle under the field that caused it", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    await editor.openNode("specialist:cx-designer");
    const description = page.getByLabel("Description", { exact: true });
    await description.fill("Too short");
    await description.blur();
    const error = page.getByTestId("field-error-description");
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute("data-rule", "custom-specialist-description");
    await expect(page.getByTestId("squiggle-description")).toBeVisible();
    await expect(page.getByTestId("unsaved")).toBeVisible();
  });

  test("the first load carries neither the layout engine, the forms nor zod: the server lays the org out, the forms come with the first selection, zod with the first answer", async ({
    page,
  }) => {
    const editor = new EditorPage(page, ORIGIN);
    // Markers that only those modules hold: dagre's option name, the panel's own test id, zod's error class.
    const scripts: { url: string; dagre: boolean; panel: boolean; zod: boolean }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.text().catch(() => "");
      scripts.push({
        url: response.url(),
        dagre: body.includes("nodesep"),
        panel: body.includes('"entity-panel"'),
        zod: body.includes("ZodError"),
      });
    });
    await editor.open();
    await expect(page.locator(".react-flow__node")).toHaveCount(
      await page.evaluate(async () => (await (await fetch("/api/graph")).json()).nodes.length),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.dagre || s.panel)).toEqual([]);
    // zod parses the API's answers, so it arrives with the first answer fetched after the page, but
    // never in the scripts the page's HTML itself loads (Next's first-load JS).
    const html = await (await page.request.get(`${ORIGIN}/`)).text();
    const firstLoad = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(firstLoad.length).toBeGreaterThan(0);
    const inHtml = scripts.filter((s) => firstLoad.some((src) => s.url.endsWith(src)));
    expect(inHtml.length).toBeGreaterThan(0);
    expect(inHtml.filter((s) => s.zod)).toEqual([]);
    await editor.openNode("specialist:cx-researcher");
    await expect(editor.panel()).toBeVisible();
    expect(scripts.some((s) => s.panel)).toBe(true);
    expect(scripts.some((s) => s.zod)).toBe(true);
    expect(scripts.filter((s) => s.dagre)).toEqual([]);
    expect(editor.consoleErrors).toEqual([]);
  });

  test("the raw JSON opens in Monaco, bundled locally, with markers at the FieldErrors' pointers", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));
    // Which loaded scripts carry Monaco: its worker service name is in its code and nowhere else.
    const scripts: { url: string; monaco: boolean }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.text().catch(() => "");
      scripts.push({ url: response.url(), monaco: body.includes("editorWorkerService") });
    });
    await editor.open();
    expect(await page.evaluate(() => "__studioMonaco" in window)).toBe(false);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.monaco)).toEqual([]);
    await editor.openNode("specialist:cx-researcher");
    await page.getByTestId("tab-json").click();
    await expect(page.locator(".monaco-editor .view-lines")).toContainText('"id": "cx-researcher"');
    await expect.poll(() => scripts.some((s) => s.monaco)).toBe(true);
    // A long description wraps in the narrow panel instead of running off to the right.
    const wrap = await page.evaluate(() =>
      (
        window as unknown as {
          __studioMonaco: { editor: { getEditors: () => { getRawOptions: () => { wordWrap?: string } }[] } };
        }
      ).__studioMonaco.editor
        .getEditors()
        .map((e) => e.getRawOptions().wordWrap),
    );
    expect(wrap).toEqual(["on"]);
    const broken = { ...readProjectOrBuiltin("cx-researcher"), modelTier: "enormous" };
    // Typing into Monaco auto-closes brackets; set the text the way a paste would.
    await new EditorExtras(editor).setMonacoText("/cx-researcher.json", JSON.stringify(broken, null, 2));
    await expect(page.getByTestId("field-error-modelTier").or(page.getByTestId("panel-problems"))).toContainText(
      /modelTier/,
    );
    await expect
      .poll(() =>
        page.evaluate(() => {
          const m = (
            window as unknown as {
              __studioMonaco: { editor: { getModelMarkers: (o: object) => { source?: string; message: string }[] } };
            }
          ).__studioMonaco;
          return m.editor.getModelMarkers({}).filter((x) => x.source === "custom-specialist-model-tier").length;
        }),
      )
      .toBeGreaterThan(0);
    expect(editor.externalRequests).toEqual([]);
    expect(workers.length).toBeGreaterThan(0);
  });

  test("an edit made outside the app appears live, and a save over it asks before overwriting", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    writeFileSync(
      projectFile("specialists", "cx-e2e-live"),
      `${JSON.stringify(specialist("cx-e2e-live", { displayName: "Live Arrival" }), null, 2)}\n`,
    );
    await expect(editor.node("specialist:cx-e2e-live")).toContainText("Live Arrival");

    await editor.openNode("specialist:cx-e2e-live");
    await page.getByLabel("Display name").fill("Edited in the studio");
    await page.getByLabel("Display name").blur();
    const file = projectFile("specialists", "cx-e2e-live");
    const { atime, mtime } = statSync(file);
    writeFileSync(file, `${JSON.stringify(specialist("cx-e2e-live", { displayName: "Edited elsewhere" }), null, 2)}\n`);
    utimesSync(file, atime, mtime);
    await expect(page.getByTestId("stale-banner")).toBeVisible();
    await editor.save();
    await expect(page.getByRole("dialog", { name: "Changed on disk" })).toBeVisible();
    // Both changed the display name: the dialog shows the two side by side, mine chosen unless changed.
    await expect(page.getByTestId("conflict-displayName-theirs")).toContainText("Edited elsewhere");
    await page.getByRole("button", { name: "Save with these choices" }).click();
    await expect.poll(() => readProject("specialists", "cx-e2e-live").displayName).toBe("Edited in the studio");
  });

  test("the editor reads well in light and dark themes", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    await editor.openNode("specialist:cx-architect");
    await page.screenshot({ path: "test-results/editor-light.png" });
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.screenshot({ path: "test-results/editor-dark.png" });
    expect(editor.consoleErrors).toEqual([]);
  });
});

function readProjectOrBuiltin(id: string) {
  const file = projectFile("specialists", id);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  return JSON.parse(readFileSync(path.join("specialists", "org", "specialists", `${id}.json`), "utf8"));
}
