import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ApiKind } from "@/schemas/org";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { resolvePaths } from "../config";
import { OrgApi } from "./org-api";

/**
 * What Construct's own validators accept the studio accepts too: each check below is the studio's
 * alone, so it is a warning and the save goes through, written as asked.
 */

let root: string;
let api: OrgApi;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-leniency-");
  ({ root, cleanup } = tmp);
  api = new OrgApi(resolvePaths({ root, home: tmp.home, appDir: APP_DIR, configHome: path.join(tmp.base, "xdg") }));
});

afterEach(async () => {
  api.close();
  await cleanup();
});

type Case = [what: string, kind: ApiKind, id: string, patch: Record<string, unknown>, rule: string, field: string];

// Each with what Construct's validator does with it.
const CASES: Case[] = [
  // String(description).trim().length >= 20
  [
    "a numeric description",
    "specialist",
    "cx-architect",
    { description: 0.000001234567891234 },
    "custom-specialist-description",
    "description",
  ],
  // The custom-record validator never reads when_to_use.
  [
    "a short when_to_use",
    "specialist",
    "cx-architect",
    { when_to_use: "ADRs." },
    "custom-specialist-when-to-use",
    "when_to_use",
  ],
  // String(claudeTools) is "Read,Grep".
  [
    "claudeTools as a list",
    "specialist",
    "cx-architect",
    { claudeTools: ["Read", "Grep"] },
    "custom-specialist-claude-tools",
    "claudeTools",
  ],
  // promptFile is checked only for existence, and the org API turns that off.
  [
    "an empty promptFile",
    "specialist",
    "cx-architect",
    { promptFile: "" },
    "custom-specialist-prompt-file",
    "promptFile",
  ],
  // !record.name || typeof record.name !== "string"
  ["a blank team name", "team", "design-team", { name: "   " }, "custom-team-name", "name"],
  ["a blank group name", "group", "engineering-group", { name: "   " }, "custom-group-name", "name"],
  // String(charter).trim().length >= 20
  ["a numeric charter", "team", "design-team", { charter: 0.000001234567891234 }, "custom-team-charter", "charter"],
  // A group is validated as a team, which has no squads.
  ["squads not a list", "group", "engineering-group", { squads: "design-team" }, "custom-group-squads", "squads"],
  // !c.input
  [
    "an input that is not an object",
    "contract",
    "architect-to-engineer",
    { input: "the ADR" },
    "custom-contract-input",
    "input",
  ],
];

describe("checks Construct lacks are warnings, and the save goes through", () => {
  it.each(CASES)("%s", async (_what, kind, id, patch, rule, field) => {
    const result = await api.updateEntity(kind, id, patch);
    expect(result.warnings.filter((w) => w.id === rule).map((w) => w.field)).toContain(field);
    const written = JSON.parse(readFileSync(path.join(root, result.path), "utf8"));
    expect(written[field]).toEqual(patch[field]);
    const view = await api.getEntity(kind, id);
    expect(view?.errors.filter((e) => e.severity === "error")).toEqual([]);
  });
});

it('a team file with a null contact loads without an error and takes a save (typeof null is "object")', async () => {
  const file = path.join(root, ".cx", "org", "teams", "design-team.json");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ id: "design-team", contact: null }, null, 2)}\n`);
  const view = await api.getEntity("team", "design-team");
  expect(view?.errors.filter((e) => e.severity === "error")).toEqual([]);
  const result = await api.updateEntity("team", "design-team", { evidence: ["a null contact is Construct's too"] });
  expect(result.warnings.map((w) => `${w.id} ${w.field}`)).toContain("custom-team-contact contact");
  expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
    contact: null,
    evidence: ["a null contact is Construct's too"],
  });
});
