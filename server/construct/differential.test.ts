import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPointer } from "@/lib/json/pointer";
import { fenceProblems } from "@/lib/org/fence-problems";
import { buildIndex } from "@/lib/org/org-index";
import { shapeErrors, validateOrg } from "@/lib/org/validate";
import { fenceSchema } from "@/schemas/fence";
import { type EntityRecord, emptyOrg } from "@/schemas/kinds";
import { constructPackage } from "@/test/support/construct-package";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { resolvePaths } from "../config";
import { OrgApi } from "../org/org-api";
import { promptFileLookup } from "./prompt-file";

/**
 * The same records judged by Construct 2.1.1's own validators (imported from the real package) and by
 * the studio's restatement. Every disagreement on accept/refuse must be one of the deliberate
 * differences the README lists under "Where the studio is stricter than Construct 2.1.1".
 */

type CustomValidator = (record: unknown, opts: { rootDir: string; checkPromptFileExists: boolean }) => string[];
type RegistryIssue = { id: string; location: string };
type RegistryModule = {
  validate: (registry: unknown) => { ok: boolean; errors: RegistryIssue[] };
};
type AssembleModule = { assembleRegistry: (rootDir: string) => unknown };

let project: TempProject;
let validateCustomWorkerProfile: CustomValidator;
let registry: RegistryModule;
let assemble: AssembleModule;
const pkg = () => constructPackage();
const load = async <T>(rel: string) => (await import(pathToFileURL(path.join(pkg().dir, rel)).href)) as T;

beforeAll(async () => {
  project = tempProject({ prefix: "cs-diff-", files: { "prompts/widget.md": "# widget\n" } });
  ({ validateCustomWorkerProfile } = await load<{ validateCustomWorkerProfile: CustomValidator }>(
    "lib/registry/custom-schema.mjs",
  ));
  registry = await load<RegistryModule>("lib/registry/validator.mjs");
  assemble = await load<AssembleModule>("lib/registry/assemble.mjs");
}, 120_000);

afterAll(() => project?.remove());

const text = (n: number) => "x".repeat(n);
const field = (...values: unknown[]) => fc.constantFrom(...values);
const FIELDS = {
  name: field("widget-worker", "w", "Widget", "1widget", "", null, 5, true, ["widget"], "widget_worker"),
  description: field(text(19), text(20), text(500), text(501), `   ${text(19)}   `, `  ${text(20)}`, "", null, 12345, [
    text(25),
  ]),
  role: field("widget-worker", "r", "", null, 5, " "),
  modelTier: field("fast", "standard", "reasoning", "slow", "", null, 1),
  team: field("platform", "", null, "Platform", "2nd", 5, false, ["platform"]),
  teamId: field("platform", "", null, "Platform", 5),
  skills: field(["dev/typescript"], [], ["typescript"], ["Dev/ts"], [5], "dev/typescript", null, ["a/b", "c"]),
  fence: field(
    { allowedPaths: ["src/**"] },
    { allowedPaths: ["src/**"], allowedCommands: ["npm test"] },
    {},
    { allowedPaths: [] },
    { allowedPaths: "src/**" },
    { allowedPaths: [5] },
    { allowedPaths: ["/etc/**"] },
    { allowedPaths: ["src/**"], allowedCommand: ["rm"] },
    { allowedPaths: ["src/**"], deniedActions: "push" },
    [],
    null,
    "src/**",
  ),
  handoffCandidates: field(undefined, [], ["reviewer"], "reviewer", null, {}, [5]),
  claudeTools: field(undefined, "", "Read, Grep", "Read,Nope", null, false, 0, ["Read"], 5, true),
  promptFile: field(undefined, "", "prompts/widget.md", "prompts/missing.md", 5, null, true),
  id: field(undefined, "widget-worker", "Bad_Id"),
};
const VALID: EntityRecord = {
  name: "widget-worker",
  description: "Owns widget implementation end to end",
  role: "widget-worker",
  modelTier: "standard",
  skills: ["development/typescript"],
  fence: { allowedPaths: ["src/**"] },
};
const KEYS = Object.keys(FIELDS) as (keyof typeof FIELDS)[];
/** A valid profile with up to three fields replaced (an `undefined` removes the field). */
const nearValid = fc.tuple(fc.record(FIELDS), fc.subarray(KEYS, { maxLength: 3 })).map(([alt, keys]) => {
  const rec: EntityRecord = { ...VALID };
  for (const key of keys) {
    if (alt[key] === undefined) delete rec[key];
    else rec[key] = alt[key];
  }
  return rec;
});
const anyProfile = fc.record(FIELDS, { requiredKeys: [] });
const recordArb = fc.oneof(
  { weight: 12, arbitrary: nearValid },
  { weight: 6, arbitrary: anyProfile },
  { weight: 1, arbitrary: field(null, [], "profile", 5) },
);

/** Why a refusal of the studio's is deliberate (README), or null. */
function deliberate(rec: unknown): string | null {
  if (!rec || typeof rec !== "object" || Array.isArray(rec)) return null;
  const r = rec as EntityRecord;
  const fence = r.fence;
  if (fence && typeof fence === "object" && !Array.isArray(fence)) {
    if (!fenceSchema.safeParse(fence).success) return "fence held to the studio's fence shape";
    if (fenceProblems(fence).length > 0) return "fence held to the studio's glob grammar";
  }
  return null;
}

function studioRefuses(rec: unknown): boolean {
  const id = "widget-worker";
  const shape = shapeErrors("worker-profile", id, rec);
  const org = emptyOrg();
  if (rec && typeof rec === "object" && !Array.isArray(rec)) org["worker-profiles"][id] = rec as EntityRecord;
  const graph = validateOrg(
    buildIndex(org, undefined, undefined, { promptFileExists: promptFileLookup(project.root) }),
  );
  return [...shape, ...graph].some((p) => p.severity === "error");
}

function constructRefuses(rec: unknown): boolean {
  try {
    return validateCustomWorkerProfile(rec, { rootDir: project.root, checkPromptFileExists: true }).length > 0;
  } catch {
    // It throws on a promptFile that is not a string: `construct worker-profile validate` fails on it.
    return true;
  }
}

describe("custom worker profiles: the studio against Construct 2.1.1's validateCustomWorkerProfile", () => {
  it("disagrees only where the README says the studio is stricter", () => {
    const counts = { records: 0, bothAccept: 0, bothRefuse: 0, deliberate: 0, studioLooser: 0, undocumented: 0 };
    const surprises: unknown[] = [];
    fc.assert(
      fc.property(recordArb, (rec) => {
        counts.records++;
        const ours = studioRefuses(rec);
        const theirs = constructRefuses(rec);
        if (ours === theirs) {
          if (ours) counts.bothRefuse++;
          else counts.bothAccept++;
        } else if (!ours) {
          counts.studioLooser++;
          surprises.push({
            rec,
            construct: validateCustomWorkerProfile(rec, { rootDir: project.root, checkPromptFileExists: true }),
          });
        } else if (deliberate(rec)) counts.deliberate++;
        else {
          counts.undocumented++;
          surprises.push({ rec, studio: shapeErrors("worker-profile", "widget-worker", rec) });
        }
      }),
      { numRuns: 3000, seed: 20261203 },
    );
    console.log(`worker profiles, studio vs Construct 2.1.1: ${JSON.stringify(counts)}`);
    expect(surprises.slice(0, 3)).toEqual([]);
    expect(counts.bothAccept).toBeGreaterThan(0);
    expect(counts.bothRefuse).toBeGreaterThan(0);
  });
});

/** Construct's registry sections as the studio names them. */
const SECTION_NAMES: Record<string, string> = {
  workerProfiles: "worker-profiles",
  workspacePresets: "workspace-presets",
  procedures: "procedures",
  capabilities: "capabilities",
  policies: "registry-policies",
};
const theirsAsOurs = (issue: RegistryIssue) => {
  const [section, ...rest] = issue.location.slice(2).split("/");
  return `${issue.id} ${buildPointer(SECTION_NAMES[section] ?? section, ...rest)}`;
};

/** A copy of the package's registry to break, and the studio opened on a project that names it. */
function brokenPackage(name: string, mutate: (registryDir: string) => void): string {
  const dir = path.join(project.base, `pkg-${name}`);
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(pkg().dir, "package.json"), path.join(dir, "package.json"));
  cpSync(path.join(pkg().dir, "registry"), path.join(dir, "registry"), { recursive: true });
  mutate(path.join(dir, "registry"));
  return dir;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as EntityRecord;
const editJson = (file: string, edit: (rec: EntityRecord) => void) => {
  const rec = readJson(file);
  edit(rec);
  writeFileSync(file, `${JSON.stringify(rec, null, 2)}\n`);
};

async function studioOn(packageDir: string) {
  const before = process.env.CONSTRUCT_PACKAGE_DIR;
  process.env.CONSTRUCT_PACKAGE_DIR = packageDir;
  try {
    const api = new OrgApi(resolvePaths({ root: project.root, home: project.home }));
    return { result: await api.validateAll(), api };
  } finally {
    if (before === undefined) delete process.env.CONSTRUCT_PACKAGE_DIR;
    else process.env.CONSTRUCT_PACKAGE_DIR = before;
  }
}

const MUTATIONS: Record<string, (registryDir: string) => void> = {
  none: () => {},
  "cx- id": (dir) => {
    const rec = readJson(path.join(dir, "worker-profiles", "architect.json"));
    writeFileSync(
      path.join(dir, "worker-profiles", "cx-architect.json"),
      JSON.stringify({ ...rec, id: "cx-architect" }),
    );
  },
  "unknown fields": (dir) => {
    editJson(path.join(dir, "procedures", "prd-draft.json"), (r) => {
      r.colour = "blue";
    });
    editJson(path.join(dir, "worker-profiles", "architect.json"), (r) => {
      r.team = "platform";
    });
  },
  "dangling references": (dir) => {
    editJson(path.join(dir, "procedures", "prd-draft.json"), (r) => {
      r.workerProfiles = [...((r.workerProfiles as string[]) ?? []), "ghost"];
    });
    editJson(path.join(dir, "worker-profiles", "architect.json"), (r) => {
      r.procedureAffinity = ["no-such-procedure"];
      r.capabilities = ["no.such-capability"];
    });
    editJson(path.join(dir, "policies", "commit-approval.json"), (r) => {
      r.requiredPolicies = ["no-such-policy"];
      r.vetoWorkerProfiles = ["ghost"];
      r.ownerWorkerProfile = "nobody";
    });
    editJson(path.join(dir, "workspace-presets", "research.json"), (r) => {
      r.procedures = ["no-such-procedure"];
    });
    editJson(path.join(dir, "capabilities.json"), (r) => {
      const [first] = r.capabilities as EntityRecord[];
      first.ownerWorkerProfiles = ["ghost"];
      first.requiredProcedures = ["no-such-procedure"];
    });
  },
  "contract problems": (dir) => {
    editJson(path.join(dir, "capabilities.json"), (r) => {
      const capability = (r.capabilities as EntityRecord[]).find((c) => c.contracts) as EntityRecord;
      const contracts = capability.contracts as Record<string, EntityRecord>;
      const [first, second] = Object.keys(contracts);
      contracts[first].id = "renamed";
      contracts[second] = {
        ...contracts[second],
        producer: "ghost",
        enforcementLevel: "hard",
        approvalWorkerProfiles: [],
        extra: 1,
      };
    });
  },
};

describe("the registry: the studio's rules against Construct 2.1.1's registry validator", () => {
  for (const [name, mutate] of Object.entries(MUTATIONS))
    it(`reports what Construct reports, rule for rule and pointer for pointer: ${name}`, async () => {
      const dir = brokenPackage(name.replace(/\W+/g, "-"), mutate);
      const theirs = registry.validate(assemble.assembleRegistry(dir)).errors.map(theirsAsOurs).sort();
      const { result } = await studioOn(dir);
      const ours = result.errors.map((e) => `${e.id} ${e.location}`).sort();
      console.log(`registry, ${name}: Construct ${theirs.length} errors, the studio ${ours.length}`);
      expect(ours).toEqual(theirs);
      if (name !== "none") expect(theirs.length).toBeGreaterThan(0);
    });

  it("names a corrupt registry file and shows the rest of the org, where Construct cannot load the registry", async () => {
    const dir = brokenPackage("corrupt", (d) => writeFileSync(path.join(d, "procedures", "prd-draft.json"), "{ nope"));
    expect(() => assemble.assembleRegistry(dir)).toThrow();
    const { result, api } = await studioOn(dir);
    const problem = result.errors.find((e) => e.path?.endsWith("procedures/prd-draft.json"));
    expect(problem?.message).toMatch(/prd-draft\.json/);
    expect((await api.listEntities("procedure")).items.map((i) => i.id)).not.toContain("prd-draft");
    expect((await api.listEntities("worker-profile")).items.map((i) => i.id)).toContain("architect");
  });
});
