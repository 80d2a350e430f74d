import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ConsoleWatch, disk, EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { api, ORIGIN, ROOT, specialist, unchangedOnDisk } from "./support";

/**
 * Whole workflows of the graph editor, each checked on the canvas and in the files it writes.
 * They share the server with api.spec.ts and editor.spec.ts, so every id here is new (`e2e2`).
 */

let editor: EditorPage;
let extras: EditorExtras;
let watch: ConsoleWatch;
/** Refused requests a test provokes on purpose; Chromium logs each as a console error. */
let expectedFailures: { status: number; path: string }[];

test.beforeEach(async ({ page }) => {
  editor = new EditorPage(page, ORIGIN);
  extras = new EditorExtras(editor);
  watch = new ConsoleWatch(page);
  expectedFailures = [];
});

test.afterEach(() => {
  expect(watch.unexpected(expectedFailures)).toEqual([]);
  expect(editor.externalRequests).toEqual([]);
});

test.describe("editor workflows", () => {
  test("New ▾ → specialist: the form creates the file and the node; Delete removes both", async ({ page }) => {
    const id = "cx-e2e2-made";
    const file = disk.entityFile("specialists", id);
    await editor.open();
    await extras.newEntity("specialist");
    await page.getByLabel("Id", { exact: true }).fill(id);
    await page.getByLabel("Name", { exact: true }).fill("e2e2-made");
    await page.getByLabel("Role", { exact: true }).fill("e2e2-maker");
    await page
      .getByLabel("Description", { exact: true })
      .fill("Made from the New menu by the end-to-end workflow tests.");
    await page.getByLabel("Team", { exact: true }).selectOption("research-team");
    await page.getByLabel("Model tier", { exact: true }).selectOption("standard");
    await extras.addTags(page.getByLabel("Skills", { exact: true }), [
      "research/user-interviews",
      "architecture/api-design",
    ]);
    await extras.addTags(page.getByLabel("Fence: allowed paths", { exact: true }), ["docs/**"]);
    await expect(page.getByTestId("tags-skills")).toContainText("research/user-interviews");
    await editor.save();

    await expect(editor.toast("success")).toContainText(`Created specialist ${id}`);
    await expect(editor.toast("success")).toContainText(`.cx/org/specialists/${id}.json`);
    await expect.poll(() => disk.exists(file)).toBe(true);
    const saved = disk.entity("specialists", id);
    expect(saved).toMatchObject({
      id,
      name: "e2e2-made",
      role: "e2e2-maker",
      team: "research-team",
      description: "Made from the New menu by the end-to-end workflow tests.",
    });
    // The form chooses no skill: the two typed in, in order, and the fence the form showed.
    expect(saved.skills).toEqual(["research/user-interviews", "architecture/api-design"]);
    expect(saved.fence).toEqual({ allowedPaths: ["docs/**"] });
    await expect(editor.node(`specialist:${id}`)).toBeAttached();
    await expect(editor.node(`specialist:${id}`)).toContainText(id);
    // The new node lands in view: the canvas centres on it once it has a box.
    await expect
      .poll(() =>
        editor.node(`specialist:${id}`).evaluate((el) => {
          const r = el.getBoundingClientRect();
          const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
          return r.left >= pane.left && r.top >= pane.top && r.right <= pane.right && r.bottom <= pane.bottom;
        }),
      )
      .toBe(true);

    // Open it from the graph, then delete it.
    await page.keyboard.press("Escape");
    await expect(editor.panel()).toBeHidden();
    await extras.openByClick(`specialist:${id}`);
    await page.getByTestId("delete-entity").click();
    await editor.confirm("Delete");
    await expect(editor.toast("success").first()).toContainText(`Deleted specialist ${id}`);
    await expect.poll(() => disk.exists(file)).toBe(false);
    await expect(editor.node(`specialist:${id}`)).toHaveCount(0);
    await expect(editor.panel()).toBeHidden();
  });

  test("deleting a referenced specialist names the referrer in its one dialog, and Delete removes the file", async ({
    page,
  }) => {
    const target = "cx-e2e2-target";
    expect((await api("POST", "/api/org/specialist", specialist(target, { role: "e2e2-target" }))).status).toBe(201);
    expect(
      (
        await api(
          "POST",
          "/api/org/specialist",
          specialist("cx-e2e2-caller", { role: "e2e2-caller", handoffCandidates: ["e2e2-target"] }),
        )
      ).status,
    ).toBe(201);
    await editor.open();
    await extras.openByClick(`specialist:${target}`);
    await page.getByTestId("delete-entity").click();
    const dialog = page.getByRole("dialog", { name: `Delete specialist ${target}?` });
    const references = dialog.getByTestId("delete-references");
    await expect(references.getByRole("listitem")).toHaveCount(1);
    await expect(references).toContainText("specialist cx-e2e2-caller (handoffCandidates)");
    expect(disk.exists(disk.entityFile("specialists", target))).toBe(true);

    await editor.confirm("Delete");
    await expect(editor.toast("success").first()).toContainText(`Deleted specialist ${target}`);
    await expect(editor.toast("success").first()).toContainText("1 record(s) now hold a dangling reference");
    await expect.poll(() => disk.exists(disk.entityFile("specialists", target))).toBe(false);
    await expect(editor.node(`specialist:${target}`)).toHaveCount(0);
    // The caller is untouched: its handoff now dangles, which the validator reports.
    expect(disk.entity("specialists", "cx-e2e2-caller").handoffCandidates).toEqual(["e2e2-target"]);
  });

  test("New ▾ → team: the escalation path is reordered with ↑/↓ and saved in that order", async ({ page }) => {
    const id = "e2e2-triage-team";
    // A team must have a specialist (team-no-specialists), and a specialist's team must exist: the
    // member is written the way another editor would, before the team exists.
    writeFileSync(
      disk.entityFile("specialists", "cx-e2e2-triager"),
      `${JSON.stringify(specialist("cx-e2e2-triager", { role: "e2e2-triager", team: id }), null, 2)}\n`,
    );
    await editor.open();
    await expect(editor.node("specialist:cx-e2e2-triager")).toBeAttached();
    await extras.newEntity("team");
    await page.getByLabel("Id", { exact: true }).fill(id);
    await page.getByLabel("Name", { exact: true }).fill("Triage");
    await page.getByLabel("Owner (role)").selectOption("e2e2-triager");
    await extras.addTags(page.getByLabel("Roles", { exact: true }), ["e2e2-triager"]);
    await page.getByLabel("Charter").fill("Sorts incoming reports and sends each to the team that owns it.");

    const path = page.getByTestId("tags-escalationPath");
    // Nothing is chosen for a new team: its escalation path starts empty.
    await expect(path.getByTestId("tag-chip")).toHaveCount(0);
    await extras.addTags(page.getByLabel("Escalation path (in order)"), ["orchestrator", "architect", "reviewer"]);
    await expect(path).toHaveText(/1\.\s*orchestrator\W*2\.\s*architect\W*3\.\s*reviewer/);
    await path.getByRole("button", { name: "Move reviewer up" }).click();
    await expect(path).toHaveText(/1\.\s*orchestrator\W*2\.\s*reviewer\W*3\.\s*architect/);
    await path.getByRole("button", { name: "Move orchestrator down" }).click();
    await path.getByRole("button", { name: "Move orchestrator down" }).click();
    await expect(path).toHaveText(/1\.\s*reviewer\W*2\.\s*architect\W*3\.\s*orchestrator/);

    await editor.save();
    await expect(editor.toast("success")).toContainText(`Created team ${id}`);
    await expect.poll(() => disk.exists(disk.entityFile("teams", id))).toBe(true);
    expect(disk.entity("teams", id)).toMatchObject({
      id,
      name: "Triage",
      owner: "e2e2-triager",
      roles: ["e2e2-triager"],
      escalationPath: ["reviewer", "architect", "orchestrator"],
    });
    await expect(editor.node(`team:${id}`)).toBeAttached();
    await expect(editor.panelTitle()).toHaveText(id);
  });

  test("reordering an existing team's escalation path with ↑/↓ is an unsaved edit that Save writes", async ({
    page,
  }) => {
    const id = "e2e2-relay-team";
    const imported = await api("POST", "/api/org/import?scope=project", {
      specialists: { "cx-e2e2-relay": specialist("cx-e2e2-relay", { role: "e2e2-relay", team: id }) },
      teams: {
        [id]: {
          id,
          kind: "squad",
          name: "Relay",
          owner: "e2e2-relay",
          roles: ["e2e2-relay"],
          escalationPath: ["reviewer", "architect", "orchestrator"],
          charter: "Passes work on to whoever should have it next.",
        },
      },
    });
    expect(imported.status).toBe(200);
    await editor.open();
    await extras.openByClick(`team:${id}`);
    const path = page.getByTestId("tags-escalationPath");
    await expect(path).toHaveText(/1\.\s*reviewer\W*2\.\s*architect\W*3\.\s*orchestrator/);
    await path.getByRole("button", { name: "Move architect up" }).click();
    await expect(path).toHaveText(/1\.\s*architect\W*2\.\s*reviewer\W*3\.\s*orchestrator/);
    await expect(page.getByTestId("unsaved")).toBeVisible({ timeout: 5_000 });
    await expect(editor.saveButton()).toBeEnabled({ timeout: 5_000 });
    await editor.save();
    await expect(editor.toast("success")).toContainText(`Saved team ${id}`);
    await expect.poll(() => disk.entity("teams", id).escalationPath).toEqual(["architect", "reviewer", "orchestrator"]);
  });

  test("New ▾ → team asks for its owner specialist and creates the team with it in one write", async ({ page }) => {
    // Construct refuses an empty team, so the owner specialist joins in the same write.
    const id = "e2e2-review-team";
    const owner = "cx-e2e2-lead";
    // Its own specialist, in a built-in team: specs share the project, and a move would show in theirs.
    writeFileSync(
      disk.entityFile("specialists", owner),
      `${JSON.stringify(specialist(owner, { role: "e2e2-lead", team: "quality-team" }), null, 2)}\n`,
    );
    await editor.open();
    await expect(editor.node(`specialist:${owner}`)).toBeAttached();
    await extras.newEntity("team");
    await page.getByLabel("Id", { exact: true }).fill(id);
    await page.getByLabel("Name", { exact: true }).fill("Review");
    await page.getByLabel("Owner (role)").selectOption("e2e2-lead");
    await extras.addTags(page.getByLabel("Roles", { exact: true }), ["e2e2-lead"]);
    await page.getByLabel("Charter").fill("Reviews what ships, with its owner in it from the start.");
    await page.getByLabel("Charter").blur();
    await expect(page.getByTestId("panel-problems")).toContainText("team-no-specialists");
    await page.getByLabel("Owner specialist (joins the team)").selectOption(owner);
    await expect(page.getByTestId("panel-problems")).toHaveCount(0);
    await editor.save();
    await expect(editor.toast("success")).toContainText(`Created team ${id}`, { timeout: 5_000 });
    expect(disk.entity("teams", id)).not.toHaveProperty("ownerSpecialist");
    expect(disk.entity("specialists", owner)).toMatchObject({ id: owner, role: "e2e2-lead", team: id });
  });

  test("contract form: an executable check without its section is a squiggle on that field until it is filled", async ({
    page,
  }) => {
    const id = "e2e2-user-to-architect";
    await editor.open();
    await extras.newEntity("contract");
    await page.getByLabel("Id", { exact: true }).fill(id);
    await page.getByLabel("Description", { exact: true }).fill("The user asks the architect for a decision record.");
    await page.getByLabel("Producer", { exact: true }).selectOption("user");
    await page.getByLabel("Consumer", { exact: true }).selectOption("cx-architect");
    await page.getByRole("button", { name: "+ Add postcondition" }).click();
    const postcondition = page.getByTestId("postcondition-0");
    await postcondition.getByLabel("#1 description").fill("The record has a Decision section.");
    await postcondition.getByLabel("Kind").selectOption("executable");
    await postcondition.getByLabel("Check").selectOption("artifact-has-section");

    const error = page.getByTestId("field-error-postconditions.0.section");
    await expect(error).toBeVisible();
    await expect(error).toContainText('check "artifact-has-section" needs "section"');
    await expect(error).not.toHaveAttribute("data-rule", "form");
    await expect(page.getByTestId("squiggle-postconditions.0.section")).toBeVisible();
    expect(disk.exists(disk.entityFile("contracts", id))).toBe(false);

    const section = postcondition.getByLabel("Section");
    await section.fill("Decision");
    await section.blur();
    await expect(error).toHaveCount(0);
    await expect(page.getByTestId("squiggle-postconditions.0.section")).toHaveCount(0);
    await editor.save();
    await expect(editor.toast("success")).toContainText(`Created contract ${id}`);
    await expect.poll(() => disk.exists(disk.entityFile("contracts", id))).toBe(true);
    expect(disk.entity("contracts", id)).toMatchObject({
      id,
      producer: "user",
      consumer: "cx-architect",
      postconditions: [
        {
          description: "The record has a Decision section.",
          postconditionType: "executable",
          check: "artifact-has-section",
          section: "Decision",
        },
      ],
    });
  });

  test("fence panel: the team's forbidden decisions are denied, the tester names the rule, Save writes an override", async ({
    page,
  }) => {
    const id = "cx-security";
    const builtin = JSON.parse(readFileSync(`specialists/org/specialists/${id}.json`, "utf8"));
    expect(builtin.fence.allowedPaths[0]).toBe("docs/security/**");
    await editor.open();
    await extras.openByClick(`specialist:${id}`);
    await page.getByTestId("tab-fence").click();
    await expect(page.getByTestId("effective-fence")).toContainText("Effective fence in governance-team");
    const denied = page.getByTestId("denied-actions");
    for (const decision of ["product-scope", "implementation-approach", "deployment-timing"])
      await expect(denied).toContainText(`${decision}:**`);

    const tester = page.getByTestId("action-tester");
    const decision = page.getByTestId("action-decision");
    await tester.fill("edit docs/security/threat-model.md");
    await expect(decision).toHaveAttribute("data-decision", "allowed");
    await expect(decision).toContainText('allowedPaths[0] "docs/security/**"');
    await tester.fill("bash git push origin main");
    await expect(decision).not.toHaveAttribute("data-decision", "allowed");
    await expect(decision).toContainText('"push" (git push origin main)');
    await tester.fill("edit docs/e2e2-audits/2024.md");
    await expect(decision).not.toHaveAttribute("data-decision", "allowed");

    await extras.addTags(page.getByLabel("Allowed paths (globs)"), ["docs/e2e2-audits/**"]);
    await expect(decision).toHaveAttribute("data-decision", "allowed");
    await expect(decision).toContainText(`allowedPaths[${builtin.fence.allowedPaths.length}] "docs/e2e2-audits/**"`);
    await page.getByTestId("save-entity").click();
    await editor.confirm("Create override");
    await expect(editor.toast("success")).toContainText(`Saved specialist ${id}`);
    await expect.poll(() => disk.exists(disk.entityFile("specialists", id))).toBe(true);
    const override = disk.entity("specialists", id);
    expect(Object.keys(override).sort()).toEqual(["fence", "id"]);
    expect(override.fence.allowedPaths).toEqual([...builtin.fence.allowedPaths, "docs/e2e2-audits/**"]);
    expect(override.fence.allowedCommands).toEqual(builtin.fence.allowedCommands);
  });

  test("fence panel: /etc/** and [unclosed squiggle their own chips, are refused on save, and never allow", async ({
    page,
  }) => {
    // Construct accepts both patterns and answers "allowed" for edit /etc/passwd; we refuse them.
    // A specialist no other test of this file writes: the project is shared across them.
    const id = "cx-researcher";
    await editor.open();
    await extras.openByClick(`specialist:${id}`);
    await page.getByTestId("tab-fence").click();
    const paths = page.getByTestId("tags-fence.allowedPaths");
    const before = await paths.getByTestId("tag-chip").count();
    await extras.addTags(page.getByLabel("Allowed paths (globs)"), ["/etc/**", "[unclosed"]);
    const chips = paths.getByTestId("tag-chip");
    await expect(chips.nth(before)).toHaveAttribute("data-invalid", "true");
    await expect(chips.nth(before)).toHaveAttribute("title", /is absolute/);
    await expect(chips.nth(before + 1)).toHaveAttribute("data-invalid", "true");
    await expect(chips.nth(before + 1)).toHaveAttribute("title", /brackets/);
    await expect(chips.nth(0)).not.toHaveAttribute("data-invalid", "true");
    await expect(page.getByTestId("panel-problems")).toContainText("fence-absolute-path");
    await expect(page.getByTestId("panel-problems")).toContainText("fence-unsupported-glob");

    const tester = page.getByTestId("action-tester");
    const decision = page.getByTestId("action-decision");
    await tester.fill("edit /etc/passwd");
    await expect(decision).toHaveAttribute("data-decision", "outside-fence");
    await expect(decision).toContainText("is absolute");

    // Errors block the save before anything else is asked: no override question, no request.
    await page.getByTestId("save-entity").click();
    await expect(editor.toast("error")).toContainText("Not saved");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(editor.toast("success")).toHaveCount(0);
    expect(disk.exists(disk.entityFile("specialists", id))).toBe(false);
  });

  test("Ctrl+K finds a node by part of its id; Enter selects it and opens its panel", async ({ page }) => {
    await editor.open();
    const search = await editor.search("cx-data-an");
    await expect(page.getByRole("listbox").getByRole("option").first()).toContainText("cx-data-analyst");
    await search.press("Enter");
    await expect(editor.palette()).toBeHidden();
    await expect(editor.panel()).toBeVisible();
    await expect(editor.panelTitle()).toHaveText("cx-data-analyst");
    await expect(extras.flowNode("specialist:cx-data-analyst")).toHaveClass(/\bselected\b/);
    await expect(editor.node("specialist:cx-data-analyst")).toBeInViewport();
  });

  test("routing preview ranks cx-debugger first with its reason; picking it opens its panel", async ({ page }) => {
    await editor.open();
    await page.getByTestId("open-route").click();
    await page.getByTestId("route-input").fill("find the root cause of a crash in production");
    await page.getByRole("button", { name: "Rank specialists" }).click();
    const first = page.getByTestId("route-candidates").getByRole("listitem").first();
    await expect(first.getByRole("button")).toHaveText(/^cx-debugger[\d.]+\s*matched\b.+/);
    await first.getByRole("button").click();
    await expect(editor.panelTitle()).toHaveText("cx-debugger");
    await expect(extras.flowNode("specialist:cx-debugger")).toHaveClass(/\bselected\b/);
  });

  test("export links the project tier; an import is previewed, then written; an invalid one writes nothing", async ({
    page,
  }) => {
    const id = "cx-e2e2-imported";
    expectedFailures = [{ status: 422, path: "/api/org/import" }];
    await editor.open();
    const exportLink = page.getByTestId("export-link");
    await expect(exportLink).toHaveAttribute("href", "/api/org/export?scope=project");
    const exported = await page.request.get(`${ORIGIN}/api/org/export?scope=project`);
    expect(exported.status()).toBe(200);
    expect((await exported.json()).scope).toBe("project");

    await page.getByTestId("import-file").setInputFiles({
      name: "import.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ specialists: { [id]: specialist(id) } })),
    });
    const preview = page.getByTestId("import-preview");
    await expect(preview).toContainText("Import into the project tier");
    await expect(preview.getByRole("listitem")).toHaveCount(1);
    await expect(preview.getByRole("listitem")).toContainText(`create`);
    await expect(preview.getByRole("listitem")).toContainText(`.cx/org/specialists/${id}.json`);
    expect(disk.exists(disk.entityFile("specialists", id))).toBe(false);
    await page.getByTestId("import-apply").click();
    await expect(preview).toBeHidden();
    await expect(editor.toast("success")).toContainText("Imported: 1 file(s) written");
    expect(disk.entity("specialists", id)).toMatchObject({ id, team: "engineering-team" });
    await expect(editor.node(`specialist:${id}`)).toBeAttached();
    // The import is the user's own add: its places are saved, and that write ends before the snapshot.
    await expect.poll(() => disk.positions()?.[`specialist:${id}`] ?? null).not.toBeNull();

    const unchanged = unchangedOnDisk(ROOT);
    await page.getByTestId("import-file").setInputFiles({
      name: "bad.json",
      mimeType: "application/json",
      buffer: Buffer.from(
        JSON.stringify({
          specialists: { "cx-e2e2-homeless": specialist("cx-e2e2-homeless", { team: "e2e2-no-such-team" }) },
        }),
      ),
    });
    await expect(preview).toContainText("The import has problems");
    await expect(preview).toContainText("e2e2-no-such-team");
    await expect(page.getByTestId("import-apply")).toHaveCount(0);
    await expect(editor.toast("error")).toContainText("nothing was written");
    await preview.getByRole("button", { name: "Cancel" }).click();
    await expect(preview).toBeHidden();
    unchanged();
    await expect(editor.node("specialist:cx-e2e2-homeless")).toHaveCount(0);
  });

  test.describe("layout", () => {
    // Positions left in layout.json would move nodes under the specs that run after these; the
    // records added before hold their places there too, so these start from the automatic layout.
    const forgetPositions = async () => {
      const positions = Object.fromEntries(Object.keys(disk.positions() ?? {}).map((k) => [k, null]));
      expect((await api("PUT", "/api/layout", { positions })).status).toBe(200);
    };
    test.beforeEach(forgetPositions);
    test.afterEach(forgetPositions);

    test("a dragged node's position is saved to layout.json, survives reload, and Auto-layout forgets it", async ({
      page,
    }) => {
      const nodeId = "specialist:cx-e2e2-mover";
      const teamId = "team:research-team";
      expect(
        (await api("POST", "/api/org/specialist", specialist("cx-e2e2-mover", { team: "research-team" }))).status,
      ).toBe(201);
      await editor.open();
      await expect(editor.node(nodeId)).toBeAttached();
      const zoom = await extras.zoom();
      const start = await extras.flowPosition(nodeId);
      const teamStart = await extras.flowPosition(teamId);

      // The node first, then its team: a team box contains its members, so dragging it carries the
      // node (and the team's other member) along, and every place it moved is saved, keys sorted.
      // 40 px keeps its centre inside its own team: dropped in another team's box it would ask to move it there.
      const nodeBy = await extras.dragNode(nodeId, 40, "x");
      await expect.poll(() => disk.positions()?.[nodeId] ?? null).not.toBeNull();
      // A box wraps its members: moving its leftmost member right moves its left edge too.
      const teamBefore = await extras.flowPosition(teamId);
      const teamBy = await extras.dragNode(teamId, 150, "y");
      await expect.poll(() => disk.positions()?.[teamId] ?? null).not.toBeNull();
      const saved = disk.positions()!;
      expect(Object.keys(saved)).toEqual([...Object.keys(saved)].sort());
      expect(Object.keys(saved)).toEqual(expect.arrayContaining([nodeId, teamId, "specialist:cx-researcher"]));
      // The file holds where the node now is: 40 screen pixels right by its own drag, 150 down by its team's.
      const moved = await extras.flowPosition(nodeId);
      expect(Math.abs(saved[nodeId].x - moved.x)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(saved[nodeId].y - moved.y)).toBeLessThanOrEqual(0.5);
      expect(Math.abs((moved.x - start.x) * zoom - nodeBy.dx)).toBeLessThanOrEqual(1);
      expect(Math.abs((moved.y - start.y) * zoom - teamBy.dy)).toBeLessThanOrEqual(1);
      const teamMoved = await extras.flowPosition(teamId);
      expect(Math.abs(saved[teamId].y - teamMoved.y)).toBeLessThanOrEqual(0.5);
      expect(Math.abs((teamMoved.y - teamBefore.y) * zoom - teamBy.dy)).toBeLessThanOrEqual(1);
      expect(Math.abs(teamMoved.x - teamBefore.x)).toBeLessThanOrEqual(0.5);

      await page.reload();
      await expect(editor.node(nodeId)).toBeAttached();
      await editor.settled();
      await expect.poll(() => extras.flowPosition(nodeId)).toEqual(saved[nodeId]);
      expect(await extras.flowPosition(teamId)).toEqual(saved[teamId]);

      await page.getByRole("button", { name: "Auto-layout" }).click();
      await expect.poll(() => disk.positions()).toEqual({});
      await expect.poll(() => extras.flowPosition(nodeId)).toEqual(start);
      expect(await extras.flowPosition(teamId)).toEqual(teamStart);
    });

    test("Auto-layout right after a drag forgets that drag too", async ({ page }) => {
      const nodeId = "specialist:cx-e2e2-mover2";
      expect(
        (await api("POST", "/api/org/specialist", specialist("cx-e2e2-mover2", { team: "research-team" }))).status,
      ).toBe(201);
      await editor.open();
      await expect(editor.node(nodeId)).toBeAttached();
      const start = await extras.flowPosition(nodeId);
      await extras.dragNode(nodeId, 40, "x");
      await expect.poll(() => disk.positions()?.[nodeId] ?? null).not.toBeNull();
      await expect.poll(() => extras.flowPosition(nodeId)).not.toEqual(start);
      await page.getByRole("button", { name: "Auto-layout" }).click();
      await expect.poll(() => disk.positions()?.[nodeId] ?? null, { timeout: 5_000 }).toBeNull();
      await expect.poll(() => extras.flowPosition(nodeId), { timeout: 5_000 }).toEqual(start);
    });
  });

  test("Prompt tab: a builtin prompt edited in Monaco is saved as a project override", async ({ page }) => {
    const id = "cx-operations";
    const builtin = readFileSync(`specialists/prompts/${id}.md`, "utf8");
    await editor.open();
    await extras.openByClick(`specialist:${id}`);
    await page.getByTestId("tab-prompt").click();
    const provenance = page.getByTestId("prompt-provenance");
    await expect(provenance).toHaveText(`from builtin · specialists/prompts/${id}.md`);
    await expect(page.locator(".monaco-editor .view-lines")).toContainText("role: operations");

    const edited = `${builtin.trimEnd()}\n\nA note added by the e2e2 workflow tests.\n`;
    await extras.setMonacoText(`/prompts/${id}.md`, edited);
    await page.getByRole("button", { name: "Save as project override" }).click();
    await expect(editor.toast("success")).toContainText("Prompt saved");
    await expect(provenance).toHaveText(`from project · .cx/prompts/${id}.md`);
    await expect(page.getByRole("button", { name: "Save override", exact: true })).toBeVisible();
    expect(readFileSync(disk.promptFile(id), "utf8")).toBe(edited);
  });

  test("Prompt tab: a prompt whose frontmatter names no role is refused with the reason, and nothing is written", async ({
    page,
  }) => {
    const id = "cx-product-manager";
    expectedFailures = [{ status: 422, path: `/api/prompts/${id}` }];
    await editor.open();
    await extras.openByClick(`specialist:${id}`);
    await page.getByTestId("tab-prompt").click();
    const provenance = page.getByTestId("prompt-provenance");
    await expect(provenance).toHaveText(`from builtin · specialists/prompts/${id}.md`);
    const unchanged = unchangedOnDisk(ROOT);
    await extras.setMonacoText(
      `/prompts/${id}.md`,
      "---\nname: cx-product-manager\n---\n\n# Product manager without a role\n",
    );
    await page.getByRole("button", { name: "Save as project override" }).click();
    await expect(editor.toast("error")).toContainText("Prompt not saved");
    unchanged();
    expect(disk.exists(disk.promptFile(id))).toBe(false);
    await expect(provenance).toHaveText(`from builtin · specialists/prompts/${id}.md`);
    await expect(editor.toast("error")).toContainText('must name its "role"', { timeout: 5_000 });
  });

  test("Escape closes the panel and clears the selection", async ({ page }) => {
    await editor.open();
    await extras.openByClick("specialist:cx-reviewer");
    await expect(extras.flowNode("specialist:cx-reviewer")).toHaveClass(/\bselected\b/);
    await editor.panelTitle().click();
    await page.keyboard.press("Escape");
    await expect(editor.panel()).toBeHidden();
    await expect(extras.flowNode("specialist:cx-reviewer")).not.toHaveClass(/\bselected\b/);
    // While typing in a field, Escape belongs to the field and the panel stays.
    await extras.openByClick("specialist:cx-reviewer");
    await page.getByLabel("Display name").focus();
    await page.keyboard.press("Escape");
    await expect(editor.panel()).toBeVisible();
  });
});
