import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { statusText } from "@/lib/org/problem-counts";
import type { FieldError } from "@/schemas/field-error";
import { cliInProcess } from "@/test/support/cli-in-process";
import { adrProject, construct2Project, type ParityProject } from "@/test/support/parity-projects";
import { composeServices } from "../compose";

/** Real projects of both generations: the accepted list is read with the org, on every surface alike. */

const projects: ParityProject[] = [];
afterAll(() => {
  for (const p of projects) p.remove();
});

const validate = async (root: string) => (await composeServices({ root }).org.validateAll()).problems;
const accepted = (root: string, dir: string, body: object) =>
  projects.find((p) => p.root === root)?.write({ [`${dir}/studio/accepted.json`]: body });

describe.each([
  { label: "the earlier org", make: adrProject, dir: ".cx" },
  { label: "a construct init project", make: construct2Project, dir: ".construct" },
])("accepted warnings on $label", ({ make, dir }) => {
  const project = make();
  projects.push(project);
  const { root } = project;
  // A warning of the project's own: a fence glob that matches no file of the project.
  if (dir === ".cx")
    project.write({
      ".cx/org/specialists/cx-architect.json": {
        description: "Project override: the architect of this repository, keeping its module boundaries honest.",
        fence: { allowedPaths: ["nowhere/**"] },
      },
    });

  it("silences the rule the project accepts, says why, counts it apart, and validate says so", async () => {
    const before = (await validate(root)).filter((p) => p.severity === "warning" && !p.fixBy);
    expect(before.length).toBeGreaterThan(0);
    const rule = before[0].id;
    accepted(root, dir, { version: 1, accepted: [{ rule, reason: "known and fine for this project" }] });
    const after = await validate(root);
    const silenced = after.filter((p) => p.id === rule);
    expect(silenced.length).toBe(before.filter((p) => p.id === rule).length);
    expect(silenced.every((p) => p.accepted === "known and fine for this project")).toBe(true);

    const text = await cliInProcess(["validate", "--root", root]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`${silenced.length} warning\\(s\\) the project accepted`));
    const json = await cliInProcess(["validate", "--root", root, "--format", "json"]);
    const out = JSON.parse(json.stdout) as { ok: boolean; problems: { id: string; accepted?: string }[] };
    expect(statusText(out.problems as FieldError[])).toContain(`· ${silenced.length} accepted`);
    expect(out.problems.filter((w) => w.id === rule).every((w) => w.accepted)).toBe(true);
    const github = await cliInProcess(["validate", "--root", root, "--format", "github"]);
    expect(github.stdout).toContain(`::notice file=`);
    expect(github.stdout).not.toMatch(new RegExp(`::warning [^\\n]*title=${rule}::`));
  });

  it("says a file it cannot read, silences nothing, and never writes it", async () => {
    const file = path.join(root, dir, "studio", "accepted.json");
    project.write({ [`${dir}/studio/accepted.json`]: '{"accepted": [{"rule": "x"}]' });
    const problems = await validate(root);
    expect(problems.filter((p) => p.accepted !== undefined)).toEqual([]);
    expect(problems.find((p) => p.id === "accepted-file-invalid")).toMatchObject({
      severity: "warning",
      path: `${dir}/studio/accepted.json`,
    });
    accepted(root, dir, { version: 1, accepted: [{ rule: "x" }] });
    const shape = (await validate(root)).find((p) => p.id === "accepted-file-invalid");
    expect(shape?.message).toBe(
      `${dir}/studio/accepted.json is not a list of accepted warnings at accepted.0.reason (Invalid input: expected string, received undefined): no warning is silenced`,
    );
    expect(readFileSync(file, "utf8")).toBe(`${JSON.stringify({ version: 1, accepted: [{ rule: "x" }] }, null, 2)}\n`);
  });

  it("is followed by a running studio: a changed list is a changed org", async () => {
    accepted(root, dir, { version: 1, accepted: [] });
    const services = composeServices({ root, cache: true });
    try {
      const count = async () => (await services.org.validateAll()).problems.filter((p) => p.accepted).length;
      expect(await count()).toBe(0);
      const rule = (await services.org.validateAll()).problems.find((p) => p.severity === "warning" && !p.fixBy)?.id;
      accepted(root, dir, { version: 1, accepted: [{ rule, reason: "seen" }] });
      await vi.waitFor(async () => expect(await count()).toBeGreaterThan(0), { timeout: 5000, interval: 50 });
    } finally {
      services.close();
    }
  });
});

describe("a running studio and a new accepted list", () => {
  it("sees a list written with its folder at once, before the folder's own watch starts", async () => {
    const project = adrProject();
    projects.push(project);
    project.write({
      ".cx/org/specialists/cx-architect.json": {
        description: "Project override: the architect of this repository, keeping its module boundaries honest.",
        fence: { allowedPaths: ["nowhere/**"] },
      },
    });
    const services = composeServices({ root: project.root, cache: true });
    try {
      const marked = async () => (await services.org.validateAll()).problems.filter((p) => p.accepted).length;
      expect(await marked()).toBe(0);
      project.write({
        ".cx/studio/accepted.json": { version: 1, accepted: [{ rule: "fence-glob-matches-nothing", reason: "later" }] },
      });
      await vi.waitFor(async () => expect(await marked()).toBe(1), { timeout: 5000, interval: 50 });
    } finally {
      services.close();
    }
  });
});
