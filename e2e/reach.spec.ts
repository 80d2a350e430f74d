import { expect, test } from "@playwright/test";
import { EditorPage } from "./pages/editor-page";
import { api, ORIGIN, specialist } from "./support";

// Every record one keystroke away. The palette over all records and actions,
// the policy panel, dangling records, /list rows, the status badge and its problems, the `?` sheet.

test.describe("reaching every record", () => {
  test("the palette finds a policy and a contract by id and by text, and Enter opens them", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();

    // "test" reaches records a node search never did: the `testing` policy, by id, first.
    await editor.search("test");
    const policies = page.getByTestId("search-group-Policies");
    await expect(policies.getByTestId("search-result-policies/testing")).toBeVisible();
    await expect(page.getByRole("option").first()).toHaveAttribute("data-value", "policies/testing");
    await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");

    // Keyboard only: the arrow moves the choice, Enter opens what is chosen.
    await page.keyboard.press("ArrowDown");
    const chosen = page.locator('[role="option"][aria-selected="true"]');
    const key = (await chosen.getAttribute("data-value")) as string;
    expect(key).not.toBe("policies/testing");
    await page.keyboard.press("Enter");
    await expect(editor.palette()).toBeHidden();
    if (!key.startsWith("action:")) await expect(editor.panelTitle()).toHaveText(key.split("/")[1]);

    // A policy by id: its own form in the panel.
    await editor.search("testing");
    await page.keyboard.press("Enter");
    await expect(editor.panelTitle()).toHaveText("testing");
    await expect(page.getByTestId("policy-form")).toBeVisible();
    await expect(page.getByTestId("policy-form").getByLabel("Mode")).toHaveValue("honor-system");

    // A contract by id, and by its description's words.
    await editor.search("any-to-debugger");
    await page.keyboard.press("Enter");
    await expect(editor.panelTitle()).toHaveText("any-to-debugger");
    await expect(page.getByTestId("contract-form")).toBeVisible();

    // A specialist still selects and centres its node.
    await editor.search("cx-security");
    await page.keyboard.press("Enter");
    await expect(editor.panelTitle()).toHaveText("cx-security");
    await expect(editor.node("specialist:cx-security")).toBeInViewport();
    expect(editor.consoleErrors).toEqual([]);
  });

  test("actions run from the palette: new policy, a layer toggle, the theme, a page", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();

    await editor.search("new policy");
    await expect(page.getByRole("option").first()).toHaveAttribute("data-value", "action:new-policy");
    await page.keyboard.press("Enter");
    await expect(editor.panel()).toHaveAttribute("aria-label", "policy new");
    await expect(page.getByTestId("policy-form")).toBeVisible();

    await editor.search("hide handoff");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("legend-handoff")).toHaveAttribute("aria-pressed", "false");
    await expect(editor.edges("handoff")).toHaveCount(0);
    await editor.search("show handoff");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("legend-handoff")).toHaveAttribute("aria-pressed", "true");

    const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    await editor.search("theme");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(!dark);
    await editor.search("theme");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(dark);

    await editor.search("route");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("route-input")).toBeVisible();

    await editor.search("/list");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${ORIGIN}/list`);
    expect(editor.consoleErrors).toEqual([]);
  });

  test("a contract whose party was force-deleted is listed, searchable and opened at its field", async ({ page }) => {
    const contractId = "e2e-reach-dangling";
    await api("POST", "/api/org/specialist", specialist("cx-e2e-reach-gone", { role: "e2e-reach-gone" }));
    await api("POST", "/api/org/contract", {
      id: contractId,
      producer: "user",
      consumer: "cx-e2e-reach-gone",
      description: "Hands the reach check to a specialist that is about to go",
      input: { mustContain: ["goal"] },
    });
    const etag = (await api("GET", "/api/org/specialist/cx-e2e-reach-gone")).headers.etag!;
    expect(
      (await api("DELETE", "/api/org/specialist/cx-e2e-reach-gone?force=1", undefined, { "if-match": etag })).status,
    ).toBe(200);
    try {
      const editor = new EditorPage(page, ORIGIN);
      await editor.open();
      await expect(editor.edge(`contract:${contractId}`)).toHaveCount(0);

      // In the problem list: the record under "Not on the canvas", opened from there.
      await page.getByTestId("org-status").click();
      const list = page.getByTestId("problem-list");
      await expect(list.getByTestId("not-on-canvas")).toContainText("consumer cx-e2e-reach-gone does not exist");
      await list.getByTestId(`open-dangling-contracts/${contractId}`).click();
      await expect(list).toBeHidden();
      await expect(editor.panelTitle()).toHaveText(contractId);

      // Its error opens it at the field the error names: the consumer, focused and in view.
      await page.getByTestId("org-status").click();
      await list
        .locator(`[data-testid="open-problem"][data-location="#/contracts/${contractId}/consumer"]`)
        .first()
        .click();
      const consumer = editor.panel().locator('[data-field="consumer"] select');
      await expect(consumer).toBeFocused();
      await expect(consumer).toBeInViewport();

      // In the palette: found by the missing party, under its own heading.
      await page.keyboard.press("Escape");
      await editor.search("cx-e2e-reach-gone");
      const group = page.getByTestId("search-group-Not on the canvas");
      await expect(group.getByTestId(`search-result-contracts/${contractId}`)).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(editor.panelTitle()).toHaveText(contractId);
    } finally {
      const current = await api("GET", `/api/org/contract/${contractId}`);
      await api("DELETE", `/api/org/contract/${contractId}`, undefined, { "if-match": current.headers.etag! });
    }
  });

  test("the status badge counts errors and warnings, singular and plural, and never says valid over warnings", async ({
    page,
  }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    let errors = 0;
    let warnings = 0;
    for (const kind of ["group", "team", "specialist", "contract", "policy"]) {
      for (const p of (await api("GET", `/api/org/${kind}`)).json.errors as { severity: string }[]) {
        if (p.severity === "error") errors++;
        else warnings++;
      }
    }
    const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
    await expect(page.getByTestId("org-status")).toHaveText(
      `${plural(errors, "error")} · ${plural(warnings, "warning")}`,
    );
    await expect(page.getByTestId("org-status")).not.toContainText("valid");
    await page.getByTestId("org-status").click();
    await expect(page.getByTestId("problem-list").getByTestId("problem")).toHaveCount(errors + warnings);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("problem-list")).toBeHidden();
    await expect(page.getByTestId("org-status")).toBeFocused();
  });

  test("/list rows open their record in the editor; file warnings are not broken files", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await page.goto(`${ORIGIN}/list`);
    await expect(page.getByTestId("file-problems").locator('[data-severity="warning"]')).toHaveCount(0);
    await expect(page.getByText("Files that could not be loaded")).toBeVisible();

    await page.getByTestId("row-policy-testing").getByTestId("open-row").click();
    await expect(editor.panelTitle()).toHaveText("testing");
    await expect(page.getByTestId("policy-form")).toBeVisible();
    // The request is honoured once, then dropped from the address: closing the panel sticks.
    await expect(page).toHaveURL(`${ORIGIN}/`);

    await page.goto(`${ORIGIN}/list`);
    await page.getByTestId("row-contract-any-to-debugger").getByTestId("open-row").click();
    await expect(editor.panelTitle()).toHaveText("any-to-debugger");
    await page.goto(`${ORIGIN}/list`);
    await page.getByTestId("row-specialist-cx-qa").getByTestId("open-row").click();
    await expect(editor.panelTitle()).toHaveText("cx-qa");
    await expect(editor.node("specialist:cx-qa")).toBeInViewport();
    expect(editor.consoleErrors).toEqual([]);
  });

  test("? opens the shortcut sheet over the editor, but not while typing", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    await editor.search("testing");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("policy-form")).toBeVisible();
    await page.locator("body").focus();

    await page.keyboard.press("?");
    const sheet = page.getByTestId("shortcut-sheet");
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAccessibleName("Keyboard shortcuts");
    for (const what of [
      "Search records and actions",
      "Undo the last edit",
      "Remove the selected handoff",
      "Show this sheet",
    ])
      await expect(sheet).toContainText(what);
    // Escape closes the sheet only: the panel it was opened over stays.
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(editor.panel()).toBeVisible();

    const description = page.getByTestId("policy-form").getByLabel("Description");
    await description.focus();
    await page.keyboard.press("End");
    await page.keyboard.type("?");
    await expect(description).toHaveValue(/\?$/);
    await expect(sheet).toBeHidden();
    expect(editor.consoleErrors).toEqual([]);
  });
});
