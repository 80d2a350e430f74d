import { cpSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { shapeErrors } from "@/lib/org/validate";
import type { EntityRecord } from "@/schemas/kinds";
import { resolvePaths } from "@/server/config";
import { constructStatus } from "@/server/construct/status";
import { OrgApi } from "@/server/org/org-api";
import { constructPackage, installConstruct } from "@/test/support/construct-package";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";
import { refusalToFieldError, withPackageCheck } from "./package-check";
import { setTrust, trustOf } from "./trust";

let project: TempProject;
const env = { ...process.env };

const VALID: EntityRecord = {
  name: "widget-worker",
  description: "Owns widget implementation end to end",
  role: "widget-worker",
  modelTier: "standard",
  skills: ["development/typescript"],
  fence: { allowedPaths: ["src/**"] },
};

beforeAll(() => {
  project = tempProject({
    prefix: "cs-trust-",
    dirs: [".construct/org/worker-profiles"],
    files: { ".construct/org/worker-profiles/widget-worker.json": VALID },
  });
  installConstruct(project.root);
}, 180_000);

afterEach(() => {
  for (const name of ["CONSTRUCT_PACKAGE_DIR", "XDG_CONFIG_HOME"]) {
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
});

afterAll(() => project?.remove());

const pathsOf = () => resolvePaths({ root: project.root, home: project.home, configHome: project.xdg });

describe("trust in the project's own Construct install", () => {
  it("never trusts a project just cloned: the studio's restatement answers, and says how to let Construct check", async () => {
    const paths = pathsOf();
    expect(paths.construct).toMatchObject({ generation: "2", source: "project" });
    expect(constructStatus(paths)).toMatchObject({
      generation: "2",
      version: "2.1.1",
      trusted: false,
      readOnly: false,
    });
    const result = await new OrgApi(paths).validateAll();
    expect(result.checkedBy).toMatchObject({ by: "studio" });
    expect(result.checkedBy?.message).toMatch(/construct-studio trust/);
  });

  it("runs Construct's own validator once the user trusts the project, keyed by the real paths and the version", async () => {
    const paths = pathsOf();
    const status = await setTrust(paths, paths.construct);
    expect(status.trusted).toBe(true);
    const stored = JSON.parse(readFileSync(paths.trustFile, "utf8")) as {
      projects: Record<string, { packageDir: string; version: string }>;
    };
    expect(stored.projects[realpathSync(project.root)]).toMatchObject({
      packageDir: realpathSync(constructPackage().dir),
      version: "2.1.1",
    });
    const api = new OrgApi(paths);
    const result = await api.validateAll();
    expect(result.checkedBy).toMatchObject({ by: "construct", version: "2.1.1" });
    expect(result.errors).toEqual([]);

    // The same package at another version is another package: trusted again only when asked.
    expect(trustOf(paths, { ...paths.construct, version: "2.1.2" }).trusted).toBe(false);
    await setTrust(paths, paths.construct, { revoke: true });
    expect(constructStatus(paths).trusted).toBe(false);
  });

  it("reads a corrupt trust file as trusting nothing", () => {
    const paths = pathsOf();
    mkdirSync(path.dirname(paths.trustFile), { recursive: true });
    writeFileSync(paths.trustFile, "{ not json");
    expect(trustOf(paths, paths.construct).trusted).toBe(false);
  });
});

describe("Construct's refusals as FieldErrors", () => {
  const broken: Record<string, EntityRecord> = {
    name: { ...VALID, name: "Widget" },
    short: { ...VALID, description: "too short" },
    long: { ...VALID, description: "x".repeat(501) },
    role: { ...VALID, role: "" },
    tier: { ...VALID, modelTier: "slow" },
    team: { ...VALID, team: "Platform" },
    teamId: { ...VALID, teamId: "Platform" },
    skills: { ...VALID, skills: [] },
    skill: { ...VALID, skills: ["development/typescript", "typescript"] },
    fence: { ...VALID, fence: null },
    paths: { ...VALID, fence: { allowedPaths: [] } },
    handoffs: { ...VALID, handoffCandidates: "reviewer" },
    tools: { ...VALID, claudeTools: "Read, Nope" },
    prompt: { ...VALID, promptFile: "prompts/missing.md" },
  };

  it("land on the field and under the rule id the studio's restatement uses", async () => {
    const { validateCustomWorkerProfile } = (await import(
      pathToFileURL(path.join(constructPackage().dir, "lib/registry/custom-schema.mjs")).href
    )) as { validateCustomWorkerProfile: (r: unknown, o: object) => string[] };
    for (const [name, rec] of Object.entries(broken)) {
      const theirs = validateCustomWorkerProfile(rec, { rootDir: project.root, checkPromptFileExists: true }).map(
        (message) => refusalToFieldError("widget-worker", rec, message),
      );
      expect(theirs.length, name).toBeGreaterThan(0);
      expect(theirs.map((e) => e.id)).not.toContain("construct-validator");
      const ours = shapeErrors("worker-profile", "widget-worker", rec).filter((e) => e.severity === "error");
      if (name !== "prompt")
        expect(
          theirs.map((e) => `${e.id} ${e.location}`),
          name,
        ).toEqual(ours.map((e) => `${e.id} ${e.location}`));
    }
  });

  it("keeps a refusal it cannot place on the record, never as a bare string", () => {
    expect(refusalToFieldError("widget-worker", VALID, "something new")).toMatchObject({
      id: "construct-validator",
      severity: "error",
      location: "#/worker-profiles/widget-worker",
    });
  });
});

/** A package whose custom-schema module misbehaves, named by CONSTRUCT_PACKAGE_DIR (so trusted). */
function misbehaving(name: string, source: string): string {
  const dir = path.join(project.base, `pkg-${name}`);
  mkdirSync(path.join(dir, "lib", "registry"), { recursive: true });
  cpSync(path.join(constructPackage().dir, "package.json"), path.join(dir, "package.json"));
  writeFileSync(path.join(dir, "lib", "registry", "custom-schema.mjs"), source);
  return dir;
}

describe("a validator that hangs or crashes", () => {
  for (const [name, source, expected] of [
    ["hang", "while (true) {}\n", /did not answer within 1 s/],
    ["crash", "process.exit(3);\n", /exited with code 3/],
  ] as const)
    it(`is a clear problem, the studio's rules still answer, and nothing is written: ${name}`, async () => {
      process.env.CONSTRUCT_PACKAGE_DIR = misbehaving(name, source);
      const paths = pathsOf();
      expect(paths.construct.source).toBe("env");
      const before = snapshotContent(project.base);
      const studio = { ok: true, errors: [], warnings: [] };
      const result = await withPackageCheck(paths, studio, [["widget-worker", VALID]], { timeoutMs: 1000 });
      expect(result.checkedBy?.by).toBe("studio");
      expect(result.warnings).toEqual([
        expect.objectContaining({ id: "construct-validator-failed", message: expect.stringMatching(expected) }),
      ]);
      expect(result.ok).toBe(true);
      expect(snapshotContent(project.base)).toEqual(before);
    });
});

describe("Construct's validator as the last word", () => {
  it("adds a refusal only Construct makes, at the field it names", async () => {
    process.env.CONSTRUCT_PACKAGE_DIR = misbehaving(
      "stricter",
      "export const validateCustomWorkerProfile = (r) => [r.name + ': \"description\" is too dull'];\n",
    );
    const paths = pathsOf();
    const result = await withPackageCheck(paths, { ok: true, errors: [], warnings: [] }, [["widget-worker", VALID]]);
    expect(result).toMatchObject({ ok: false, checkedBy: { by: "construct", version: "2.1.1" } });
    expect(result.errors).toEqual([
      expect.objectContaining({
        id: "worker-profile-description",
        location: "#/worker-profiles/widget-worker/description",
        field: "description",
      }),
    ]);
  });
});
