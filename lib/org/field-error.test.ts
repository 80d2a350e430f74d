import { describe, expect, it } from "vitest";
import { parsePointer } from "@/lib/json/pointer";
import {
  entityPath,
  fieldError,
  fieldOf,
  issuesToFieldErrors,
  kebab,
  pointer,
  shapeRuleId,
  splitBySeverity,
} from "@/lib/org/field-error";
import { specialistSchema } from "@/schemas/specialist";

describe("pointer and parsePointer", () => {
  it("builds #/<section>/<id>/<path…> with RFC 6901 escaping of ~ and /", () => {
    expect(pointer("specialists", "cx-a", "fence", "allowedPaths", 0)).toBe("#/specialists/cx-a/fence/allowedPaths/0");
    expect(pointer("policies", "a/b~c", "x~/y")).toBe("#/policies/a~1b~0c/x~0~1y");
    expect(pointer("teams", "t")).toBe("#/teams/t");
  });

  it.each([
    [["specialists", "cx-a", "fence", "allowedPaths", "0"]],
    [["policies", "a/b~c", "x~/y"]],
    [["teams", "~1", "~0"]],
    [["contracts", "c", "teamBoundary", "a//b", ""]],
  ] as const)("round-trips %j", (segments) => {
    const [section, id, ...path] = segments;
    expect(parsePointer(pointer(section, id, ...path))).toEqual(segments);
  });

  it("decodes ~01 to ~1, not to /", () => {
    expect(parsePointer("#/teams/a~01b")).toEqual(["teams", "a~1b"]);
  });

  it("reads the root and pointers without #", () => {
    expect(parsePointer("#")).toEqual([]);
    expect(parsePointer("")).toEqual([]);
    expect(parsePointer("/teams/t/owner")).toEqual(["teams", "t", "owner"]);
  });

  it("entityPath is the path inside the entity", () => {
    expect(entityPath("#/specialists/a~1b/fence/allowedPaths/0")).toEqual(["fence", "allowedPaths", "0"]);
    expect(entityPath("#/teams/t")).toEqual([]);
  });
});

describe("fieldOf", () => {
  it.each([
    [["fence", "allowedPaths"], "allowedPaths"],
    [["fence", "allowedPaths", 0], "allowedPaths"],
    [["skills", 1], "skills"],
    [["handoffCandidates", "3"], "handoffCandidates"],
    [["postconditions", 0, "check"], "check"],
    [["name"], "name"],
    [[], undefined],
    [[0, "1"], undefined],
  ] as const)("%j → %s", (path, expected) => {
    expect(fieldOf(path)).toBe(expected);
  });
});

describe("shapeRuleId and kebab", () => {
  it.each([
    ["specialist", ["id"], "invalid-id"],
    ["team", ["id"], "invalid-id"],
    ["specialist", ["fence", "allowedPaths"], "custom-specialist-fence-allowed-paths"],
    ["specialist", ["fence", "allowedPaths", 2], "custom-specialist-fence-allowed-paths"],
    ["specialist", ["skills", 1], "custom-specialist-skills"],
    ["specialist", ["skills", "1"], "custom-specialist-skills"],
    ["specialist", ["when_to_use"], "custom-specialist-when-to-use"],
    ["specialist", ["modelTier"], "custom-specialist-model-tier"],
    ["specialist", ["claudeTools"], "custom-specialist-claude-tools"],
    ["contract", ["teamBoundary", "producerTeam"], "custom-contract-team-boundary-producer-team"],
    ["contract", ["postconditions", 0, "check"], "custom-contract-postconditions-check"],
    ["group", ["squads", 0], "custom-group-squads"],
    ["specialist", ["fence", "id"], "custom-specialist-fence-id"],
  ] as const)("%s %j → %s", (kind, path, expected) => {
    expect(shapeRuleId(kind, path)).toBe(expected);
  });

  it("kebab-cases camelCase, snake_case, dots and spaces", () => {
    expect(kebab("allowedBdLabels")).toBe("allowed-bd-labels");
    expect(kebab("when_to_use")).toBe("when-to-use");
    expect(kebab("a.b c")).toBe("a-b-c");
  });
});

describe("fieldError", () => {
  it("carries the leaf field, or none for the whole entity", () => {
    expect(fieldError("r", "warning", "m", "specialists", "cx-a", ["skills", 2])).toEqual({
      id: "r",
      severity: "warning",
      message: "m",
      location: "#/specialists/cx-a/skills/2",
      field: "skills",
    });
    const whole = fieldError("team-no-specialists", "error", "m", "teams", "t");
    expect(whole).toEqual({ id: "team-no-specialists", severity: "error", message: "m", location: "#/teams/t" });
    expect("field" in whole).toBe(false);
  });
});

describe("issuesToFieldErrors", () => {
  const base = {
    id: "cx-a",
    name: "a",
    role: "a",
    description: "A specialist that exists for tests.",
    modelTier: "fast",
    skills: ["a/b"],
    fence: { allowedPaths: ["**"] },
    team: "t",
  };

  it("maps unknown keys to one custom-<kind>-unknown-field error each, located on the key", () => {
    const parsed = specialistSchema.safeParse({
      ...base,
      fence: { allowedPaths: ["**"], allowedPath: ["x"], deny: [] },
    });
    expect(parsed.success).toBe(false);
    const errors = issuesToFieldErrors("specialist", "specialists", "cx-a", parsed.error!.issues);
    expect(errors.map(({ id, location, field }) => ({ id, location, field }))).toEqual([
      { id: "custom-specialist-unknown-field", location: "#/specialists/cx-a/fence/allowedPath", field: "allowedPath" },
      { id: "custom-specialist-unknown-field", location: "#/specialists/cx-a/fence/deny", field: "deny" },
    ]);
    expect(errors[0].message).toBe('unknown field "allowedPath" in fence');
  });

  it("prefixes a message that does not name its field with the field path", () => {
    const parsed = specialistSchema.safeParse({ ...base, fence: { allowedPaths: ["ok"], allowedCommands: ["ls", 7] } });
    const [error] = issuesToFieldErrors("specialist", "specialists", "cx-a", parsed.error!.issues);
    expect(error).toEqual({
      id: "custom-specialist-fence-allowed-commands",
      severity: "error",
      message: '"fence.allowedCommands.1": each entry of fence.allowedCommands must be a string',
      location: "#/specialists/cx-a/fence/allowedCommands/1",
      field: "allowedCommands",
    });
  });

  it("keeps a message that already starts with the quoted field", () => {
    const parsed = specialistSchema.safeParse({ ...base, modelTier: "huge" });
    const [error] = issuesToFieldErrors("specialist", "specialists", "cx-a", parsed.error!.issues);
    expect(error.message).toBe('"modelTier" must be one of fast | standard | reasoning, got "huge"');
  });
});

describe("splitBySeverity", () => {
  it("splits errors from warnings, keeping order", () => {
    const e1 = fieldError("e1", "error", "m", "teams", "t");
    const w1 = fieldError("w1", "warning", "m", "teams", "t");
    const e2 = fieldError("e2", "error", "m", "teams", "t");
    expect(splitBySeverity([e1, w1, e2])).toEqual({ errors: [e1, e2], warnings: [w1] });
  });
});

describe("issueSentence: the form's own checks in words", () => {
  it("turns zod's schema terms into what to write, and keeps a message the schema wrote itself", async () => {
    const { z } = await import("zod");
    const { issueSentence } = await import("./field-error");
    const schema = z.object({
      name: z.string(),
      tier: z.enum(["fast", "standard"]),
      id: z.string().regex(/^[a-z][a-z0-9-]*$/, "use lowercase letters, digits and hyphens, starting with a letter"),
      skills: z.array(z.string()).min(1),
    });
    const result = schema.safeParse(
      { tier: "huge", id: "Bad Id", skills: [] },
      { error: (issue) => issueSentence(issue, "This field", issue.input === undefined) ?? undefined },
    );
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toEqual([
      "This field is required",
      'This field should be "fast" or "standard"',
      "use lowercase letters, digits and hyphens, starting with a letter",
      "This field needs at least 1 entry",
    ]);
    for (const m of messages) expect(m).not.toMatch(/nonoptional|expected|received|\/\^/);
  });
});
