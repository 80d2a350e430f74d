import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { statusText } from "../lib/org/problem-counts";
import { PAGES } from "../lib/shell/pages";
import type { FieldError } from "../schemas/field-error";
import { adrProject, construct2Project, type ParityProject } from "../test/support/parity-projects";
import { extraPort } from "./support";

// The page half of the parity matrix: `construct-studio open` serves an earlier-org project and a
// `construct init` project, and every page in the navigation answers on both, with the header's
// problem count the same on every page and the same as `construct-studio validate` says.

const APP = path.resolve(import.meta.dirname, "..");
const CLI = path.join(APP, "bin", "construct-studio.mjs");

const projectEnv = (project: ParityProject): NodeJS.ProcessEnv => ({
  ...process.env,
  HOME: project.home,
  CONSTRUCT_HOME: project.home,
  XDG_CONFIG_HOME: project.xdg,
  CONSTRUCT_ROOT: project.root,
  CONSTRUCT_EMBED_SCHEDULER: "off",
  CONSTRUCT_SKIP_BUILD: "1",
  NEXT_TELEMETRY_DISABLED: "1",
});

async function healthy(origin: string, server: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`construct-studio open exited ${server.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`construct-studio open never answered at ${origin}:\n${log()}`);
}

const makers = [
  { make: adrProject, port: extraPort(7), label: "ADR-era org" },
  { make: construct2Project, port: extraPort(8), label: "Construct 2.1.1" },
];

for (const { make, port, label } of makers) {
  test.describe(`every page on a project of ${label}`, () => {
    let project: ParityProject;
    let server: ChildProcess;
    let output = "";
    const origin = `http://127.0.0.1:${port}`;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      project = make();
      server = spawn(process.execPath, [CLI, "open", "--root", project.root, "--port", String(port)], {
        cwd: project.root,
        env: projectEnv(project),
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      server.stdout?.on("data", (d) => {
        output += d;
      });
      server.stderr?.on("data", (d) => {
        output += d;
      });
      await healthy(origin, server, () => output);
    });

    test.afterAll(async () => {
      if (server?.pid && server.exitCode === null) {
        const exited = new Promise((r) => server.once("exit", r));
        process.kill(-server.pid, "SIGTERM");
        await exited;
      }
      project?.remove();
    });

    test("construct-studio open serves it; every page answers with its heading and one count of problems", async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const validated = execFileSync(process.execPath, [CLI, "validate", "--format", "json"], {
        cwd: project.root,
        env: projectEnv(project),
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      const problems = (JSON.parse(validated) as { problems: FieldError[] }).problems;
      const expected = statusText(problems);

      const health = await (await fetch(`${origin}/api/health`)).json();
      const badges: Record<string, string> = {};
      for (const { href, name } of PAGES) {
        const response = await page.goto(`${origin}${href}`);
        expect(response?.status(), href).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await expect(page.getByTestId("construct-generation")).toContainText(health.construct.label);
        // The editor's badge counts once its lists load; the other pages count on the server.
        const badge = page.getByTestId("org-status");
        await expect(badge).toHaveText(expected, { timeout: 30_000 });
        badges[href] = (await badge.textContent()) ?? "";
        if (process.env.SHOTS_DIR)
          await page.screenshot({
            path: path.join(process.env.SHOTS_DIR, `parity-${project.generation}${href.replace(/\//g, "_")}.png`),
          });
      }
      expect(new Set(Object.values(badges)).size).toBe(1);
    });

    test("a warning the project accepts is counted apart on every page, as validate counts it", async ({ page }) => {
      test.setTimeout(180_000);
      const validate = () =>
        (
          JSON.parse(
            execFileSync(process.execPath, [CLI, "validate", "--format", "json"], {
              cwd: project.root,
              env: projectEnv(project),
              encoding: "utf8",
              stdio: ["ignore", "pipe", "pipe"],
            }),
          ) as { problems: FieldError[] }
        ).problems;
      // The project's own warning if it has one; else a rule it does not break, which is said as stale.
      const rule = validate().find((p) => p.severity === "warning" && !p.fixBy)?.id ?? "no-such-rule";
      const dir = project.generation === "adr" ? ".cx" : ".construct";
      project.write({
        [`${dir}/studio/accepted.json`]: { version: 1, accepted: [{ rule, reason: "parity: accepted on purpose" }] },
      });
      const problems = validate();
      expect(
        problems.some((p) => p.accepted === "parity: accepted on purpose" || p.id === "accepted-matches-nothing"),
      ).toBe(true);
      const expected = statusText(problems);
      for (const { href } of PAGES) {
        await page.goto(`${origin}${href}`);
        await expect(page.getByTestId("org-status"), href).toHaveText(expected, { timeout: 30_000 });
      }
      await page.goto(`${origin}/list`);
      if (rule !== "no-such-rule")
        await expect(page.getByTestId("problems-accepted")).toContainText("parity: accepted on purpose");
    });
  });
}
