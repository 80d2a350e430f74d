import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { api, expectFieldError, expectHttpError, ORIGIN, PORT, ROOT, raw, unchangedOnDisk } from "./support";

const MODEL = `http://127.0.0.1:${PORT + 2}`;
const overlayFile = (id: string) => path.join(ROOT, ".cx", "embed", `${id}.manifest.json`);

test("enable a capability, dry-run it, run it with no runtime (skipped) and with the stand-in model (ran, with a proposal)", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${ORIGIN}/embed`);
  await expect(page.getByRole("heading", { name: "Embed", exact: true })).toBeVisible();
  for (const id of ["operations-triage", "product-feedback-digest", "repo-activity-review", "operations-briefing"]) {
    await expect(page.getByTestId(`capability-${id}`)).toBeVisible();
  }
  await expect(page.getByText("● live")).toBeVisible();
  const card = page.getByTestId("capability-operations-triage");
  await expect(card.getByTestId("capability-state")).toHaveText("disabled");
  await expect(card.getByTestId("runtime")).toHaveText("auto → in-process");

  // Dry-run: the whole chain, nothing executed.
  const modelCallsBefore = (await (await fetch(`${MODEL}/requests`)).json()).length;
  await card.getByTestId("dry-run").click();
  const plan = card.getByTestId("dry-run-panel");
  await expect(plan).toContainText("nothing was executed");
  // The same provenance the prompt resolver gives (an earlier spec may have saved a project prompt).
  const prompt = (await api("GET", "/api/prompts/cx-operations")).json;
  await expect(plan.getByTestId("dry-run-prompt")).toHaveText(`prompt from ${prompt.source} ${prompt.path}`);
  await expect(plan).toContainText("cx-ops-dependency-sequencing");
  await expect(plan).toContainText("must contain: classification, severity, owner, nextUpdate");
  await expect(plan.getByTestId("dry-run-verdict")).toHaveText("A tick now would run on in-process.");
  expect((await (await fetch(`${MODEL}/requests`)).json()).length).toBe(modelCallsBefore);

  // A bad cadence is squiggled under the field, by the shared rules, before anything is sent.
  await card.getByTestId("edit-overrides").click();
  await card.getByTestId("override-cadence").check();
  await card.getByTestId("cadence-input").fill("15m");
  await expect(card.getByTestId("cadence-errors")).toContainText("embed-invalid-cadence");
  await expect(card.getByTestId("save-overrides")).toBeDisabled();
  await card.getByTestId("cadence-input").fill("PT30M");
  await expect(card.getByTestId("cadence-errors")).toHaveCount(0);
  await expect(card.getByTestId("cadence-preview")).toContainText("Next runs:");

  // Override the runtime to none, then enable: nothing ticks at once; the first scheduled tick is
  // the one the card shows, and the skip's reason is said once, with its fix.
  await card.getByTestId("override-runtime").check();
  await card.getByTestId("runtime-select").selectOption("none");
  await card.getByTestId("save-overrides").click();
  await expect(card.getByTestId("capability-message")).toContainText("Saved overrides");
  await expect(card.getByTestId("runtime")).toHaveText("none → none");
  await expect(card.getByTestId("overridden")).toHaveText("overrides cadence, runtime");
  await card.getByTestId("toggle-enabled").click();
  await expect(card.getByTestId("capability-state")).toHaveText("enabled");
  await expect(card.getByTestId("next-tick")).toContainText("in 30 minutes");
  await page.waitForTimeout(3000);
  await expect(card.getByTestId("last-tick")).toHaveText("Never ticked.");
  await expect(card.getByTestId("skip-notice")).toHaveAttribute("data-code", "no-runtime");
  await expect(card.getByTestId("skip-notice")).toContainText("The runtime is set to none");

  // Run now: the same honest skip, by hand; the reason stays said once on the card.
  await card.getByTestId("run-now").click();
  await expect(card.getByTestId("capability-message")).toHaveText("Tick finished: skipped.");
  await expect(card.getByTestId("last-tick")).toContainText("run by hand");
  await expect(card.getByTestId("tick-status")).toHaveText("skipped: no-runtime");
  await expect(card.getByTestId("tick-detail")).toHaveCount(0);
  await expect(card.getByText(/runtime is set to none/i)).toHaveCount(1);

  // Back to the default runtime (auto → the stand-in model), run now: ran, with a proposal for review.
  await card.getByTestId("edit-overrides").click();
  await card.getByTestId("override-runtime").uncheck();
  await card.getByTestId("save-overrides").click();
  await expect(card.getByTestId("runtime")).toHaveText("auto → in-process");
  await card.getByTestId("run-now").click();
  await expect(card.getByTestId("tick-status")).toHaveText("ran");
  await expect(card.getByTestId("tick-output")).toContainText("INCIDENT");
  await expect(card.getByTestId("proposal")).toContainText("Review what operations-triage found");
  expect((await (await fetch(`${MODEL}/requests`)).json()).length).toBe(modelCallsBefore + 1);

  // Again with nothing changed in the files it reads: skipped (nothing-new), and no model call.
  await card.getByTestId("run-now").click();
  await expect(card.getByTestId("tick-status")).toHaveText("skipped: nothing-new");
  await expect(card.getByTestId("skip-notice")).toHaveAttribute("data-code", "nothing-new");
  expect((await (await fetch(`${MODEL}/requests`)).json()).length).toBe(modelCallsBefore + 1);
  await card.getByTestId("dry-run").click();
  await expect(card.getByTestId("dry-run-reads")).toContainText("incidents/checkout-errors.md");
  await expect(card.getByTestId("dry-run-verdict")).toHaveText(
    "A tick now would be skipped (nothing-new), calling no model.",
  );

  // The overlay holds only what the user chose: enabled and the cadence.
  expect(JSON.parse(readFileSync(overlayFile("operations-triage"), "utf8"))).toEqual({
    id: "operations-triage",
    embed: { enabled: true, cadence: { every: "PT30M" } },
  });
  const record = JSON.parse(readFileSync(path.join(ROOT, ".cx", "runtime", "embed", "operations-triage.json"), "utf8"));
  expect(record).toMatchObject({
    id: "operations-triage",
    status: "skipped",
    code: "nothing-new",
    trigger: "manual",
  });

  await card.getByTestId("toggle-enabled").click();
  await expect(card.getByTestId("capability-state")).toHaveText("disabled");
  expect(JSON.parse(readFileSync(overlayFile("operations-triage"), "utf8")).embed.enabled).toBe(false);
  expect(errors).toEqual([]);
});

test("a capability bound to a provider without credentials skips with provider-unavailable, and says so before it runs", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/embed`);
  const card = page.getByTestId("capability-operations-briefing");
  const notice = card.getByTestId("skip-notice");
  await expect(notice).toHaveAttribute("data-code", "provider-unavailable:atlassian-jira");
  await expect(notice).toContainText("Jira (Atlassian) (atlassian-jira) cannot be read here");
  await card.getByTestId("run-now").click();
  await expect(card.getByTestId("tick-status")).toHaveText("skipped: provider-unavailable:atlassian-jira");
  await expect(card.getByText(/cannot be read here/)).toHaveCount(1);
});

test.describe("the embed API refuses bad input and changes nothing", () => {
  test("unknown ids, a missing If-Match, bad cadences and filters, stale ETags, cross-site calls", async () => {
    const unchanged = unchangedOnDisk(path.join(ROOT, ".cx"));
    const unknown = await api("POST", "/api/embed/no-such-capability/enable", {});
    expectHttpError(unknown, 404, {
      message: expect.stringContaining("embed capability 'no-such-capability' not found in any tier"),
    });
    expect((await api("POST", "/api/embed/..%2Fetc/enable", {})).status).toBe(404);
    expect((await api("POST", "/api/embed/operations-triage/explode", {})).status).toBe(404);

    expect(
      (await api("PATCH", "/api/embed/product-feedback-digest", { set: { cadence: { every: "PT1H" } } })).status,
    ).toBe(428);
    for (const every of ["15m", "PT0S", "P-1D"]) {
      const bad = await api(
        "PATCH",
        "/api/embed/product-feedback-digest",
        { set: { cadence: { every } } },
        { "if-match": '"absent"' },
      );
      expectFieldError(bad, 422, {
        id: "embed-invalid-cadence",
        location: "#/workflows/product-feedback-digest/embed/cadence/every",
      });
    }
    const badKey = await api(
      "PATCH",
      "/api/embed/product-feedback-digest",
      { set: { filter: { where: "x" } } },
      { "if-match": '"absent"' },
    );
    expect(badKey.status).toBe(400);
    expect(JSON.stringify(badKey.json.errors)).toContain("allowed: scope, predicates, nativeQuery");
    const notRead = await api(
      "PATCH",
      "/api/embed/product-feedback-digest",
      { set: { filter: { scope: { channels: ["#ops"] } } } },
      { "if-match": '"absent"' },
    );
    expectFieldError(notRead, 422, { id: "embed-filter-not-understood" });
    const stale = await api(
      "PATCH",
      "/api/embed/product-feedback-digest",
      { set: { runtime: "none" } },
      { "if-match": '"sha256:0000"' },
    );
    expect(stale.status).toBe(409);

    const crossSite = await raw("POST", "/api/embed/product-feedback-digest/enable", {
      headers: { origin: "http://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);
    const rebinding = await raw("GET", "/api/embed", { headers: { host: `attacker.example:${PORT}` } });
    expect(rebinding.status).toBe(403);
    unchanged();
  });

  test("status, dry-run and the list agree; dry-run writes nothing", async () => {
    const unchanged = unchangedOnDisk(path.join(ROOT, ".cx"));
    const list = await api("GET", "/api/embed");
    expect(list.status).toBe(200);
    const ids = list.json.capabilities.map((c: { id: string }) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "operations-triage",
        "product-feedback-digest",
        "repo-activity-review",
        "operations-briefing",
      ]),
    );
    const dry = await api("POST", "/api/embed/repo-activity-review/dry-run", {});
    expect(dry.status).toBe(200);
    expect(dry.json).toMatchObject({
      executes: false,
      chain: {
        specialist: { id: "cx-product-manager" },
        outputContract: { id: "pm-engineering-signals" },
        runtime: { declared: "auto", resolved: "in-process" },
      },
    });
    const status = await api("GET", "/api/embed/repo-activity-review/status");
    expect(status.status).toBe(200);
    expect(status.json.id).toBe("repo-activity-review");
    unchanged();
  });
});

// Last in the file: it leaves an overlay on product-feedback-digest, which the API tests above need absent.
test("an enabled capability's first scheduled tick comes at the time its card shows, not at once", async ({ page }) => {
  test.setTimeout(150_000);
  const id = "product-feedback-digest";
  const set = await api(
    "PATCH",
    `/api/embed/${id}`,
    { set: { cadence: { every: "PT1M" }, runtime: "none" }, reset: [] },
    { "if-match": '"absent"' },
  );
  expect(set.status).toBe(200);
  await page.goto(`${ORIGIN}/embed`);
  const card = page.getByTestId(`capability-${id}`);
  await card.getByTestId("toggle-enabled").click();
  await expect(card.getByTestId("capability-state")).toHaveText("enabled");
  const shown = await card.getByTestId("next-tick").locator("time").getAttribute("datetime");
  const due = new Date(shown ?? "").getTime();
  expect(due - Date.now()).toBeGreaterThan(45_000);
  // Well inside the minute: enabling never ticks at once.
  await page.waitForTimeout(5000);
  await expect(card.getByTestId("last-tick")).toHaveText("Never ticked.");
  await expect(card.getByTestId("last-tick")).toContainText("on schedule", { timeout: 90_000 });
  const record = JSON.parse(readFileSync(path.join(ROOT, ".cx", "runtime", "embed", `${id}.json`), "utf8"));
  expect(record.trigger).toBe("schedule");
  const started = new Date(record.startedAt).getTime();
  expect(started).toBeGreaterThanOrEqual(due);
  expect(started - due).toBeLessThan(5000);
  await card.getByTestId("toggle-enabled").click();
  await expect(card.getByTestId("capability-state")).toHaveText("disabled");
});
