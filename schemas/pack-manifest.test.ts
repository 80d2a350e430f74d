import { describe, expect, it } from "vitest";
import { packManifestSchema } from "./pack-manifest";

const valid = { id: "research-pack", version: "1.0.0", compatVersion: "^0.1.0" };

function messages(input: unknown): string[] {
  const result = packManifestSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("pack manifest: required fields", () => {
  it("accepts the three required fields alone", () => {
    expect(packManifestSchema.safeParse(valid).success).toBe(true);
  });

  it.each(["id", "version", "compatVersion"] as const)("a missing %s is refused with a message naming it", (field) => {
    const { [field]: _dropped, ...rest } = valid;
    void _dropped;
    const found = messages(rest);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${field}: missing required field: ${field}\\b`));
  });

  it.each(["id", "version", "compatVersion"] as const)("a null %s counts as missing", (field) => {
    expect(messages({ ...valid, [field]: null }).join("\n")).toContain(`missing required field: ${field}`);
  });

  it("names every missing field at once", () => {
    const found = messages({}).join("\n");
    for (const field of ["id", "version", "compatVersion"]) expect(found).toContain(`missing required field: ${field}`);
  });

  it("refuses a manifest that is not an object", () => {
    for (const input of [null, [], "pack", 3]) expect(packManifestSchema.safeParse(input).success).toBe(false);
  });
});

describe("pack manifest: compatVersion is a semver range", () => {
  it.each(["^1.0.0", ">=0.1 <2", "1", "~0.1.2", "1.x || 2.x", "*", "0.1.0"])("accepts %j", (range) => {
    expect(packManifestSchema.safeParse({ ...valid, compatVersion: range }).success).toBe(true);
  });

  it.each(["banana", "^^1", ">=x.y"])("refuses %j with a message naming the value", (range) => {
    const found = messages({ ...valid, compatVersion: range });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^compatVersion: compatVersion must be a semver range/);
    expect(found[0]).toContain(JSON.stringify(range));
  });

  it("refuses an integer schema version (upstream's format)", () => {
    expect(messages({ ...valid, compatVersion: 1 })[0]).toMatch(/^compatVersion: /);
  });

  it('refuses an empty compatVersion: semver reads "" as "*", which would declare nothing', () => {
    expect(messages({ ...valid, compatVersion: "" })[0]).toMatch(/^compatVersion: /);
  });
});

describe("pack manifest: version is semver", () => {
  it.each(["1.0.0", "0.0.1", "2.3.4-beta.1", "1.0.0+build.5"])("accepts %j", (version) => {
    expect(packManifestSchema.safeParse({ ...valid, version }).success).toBe(true);
  });

  it.each(["1", "1.0", "^1.0.0", "latest", ""])("refuses %j with a message naming the value", (version) => {
    const found = messages({ ...valid, version });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^version: version must be a semver version/);
    expect(found[0]).toContain(JSON.stringify(version));
  });
});

describe("pack manifest: id", () => {
  it.each(["research-pack", "@org/x", "@my-org/research-pack", "pack.v2", "a"])("accepts %j", (id) => {
    expect(packManifestSchema.safeParse({ ...valid, id }).success).toBe(true);
  });

  it.each(["../x", "X", "", "@org/../x", "a/b", "/abs", "@/x", "pack name", "-lead"])(
    "refuses %j with a message naming the value",
    (id) => {
      const found = messages({ ...valid, id });
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^id: id must match /);
      expect(found[0]).toContain(JSON.stringify(id));
    },
  );
});

describe("pack manifest: prompt paths stay inside the pack", () => {
  it.each(["prompts/researcher.md", "researcher.md", "a/b/c_d-e.v1.md", "@scoped/x.md"])("accepts %j", (rel) => {
    expect(packManifestSchema.safeParse({ ...valid, prompts: { "cx-researcher": rel } }).success).toBe(true);
  });

  it.each([
    "../x.md",
    "prompts/../../x.md",
    "prompts/..",
    "./x.md",
    "/etc/x",
    "C:\\x",
    "C:/x",
    "prompts\\x.md",
    "file:",
    "file:///etc/passwd",
    "",
    "//server/share/x.md",
  ])("refuses %j, naming the specialist and the path", (rel) => {
    const found = messages({ ...valid, prompts: { "cx-researcher": rel } });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^prompts\.cx-researcher: prompt path /);
    expect(found[0]).toContain(JSON.stringify(rel));
  });
});

describe("pack manifest: forward compatibility", () => {
  it("keeps unknown fields and manifest fields the schema does not model", () => {
    const input = {
      ...valid,
      futureField: { nested: [1, 2] },
      modelTierHints: { "cx-researcher": "deep" },
      toolGrantsRequested: ["Read"],
      handoffContracts: [{ from: "a", to: "b" }],
      gates: ["security"],
    };
    const result = packManifestSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(input);
  });

  it("checks deprecation's shape: since and message required, replacement optional", () => {
    expect(
      packManifestSchema.safeParse({ ...valid, deprecation: { since: "1.2.0", message: "Use the new one." } }).success,
    ).toBe(true);
    expect(messages({ ...valid, deprecation: { message: "x" } }).join("\n")).toContain(
      "deprecation must include 'since'",
    );
    expect(messages({ ...valid, deprecation: { since: "1.0.0" } }).join("\n")).toContain(
      "deprecation must include 'message'",
    );
    expect(messages({ ...valid, deprecation: "soon" }).join("\n")).toContain("deprecation must be an object");
  });
});

/** Pack ids in Construct's grammar, strict semver, embedBindings as Construct checks them. */
describe("pack manifest: fidelity to Construct", () => {
  it.each(["my_pack", "@my_org/x"])("refuses the id %j (Construct's grammar has no _)", (id) => {
    expect(messages({ ...valid, id })[0]).toMatch(/^id: id must match /);
  });

  it.each(["v1.0.0", "V1.0.0", "01.0.0", "1.02.0", "=1.0.0"])(
    "refuses the version %j (Construct: strict semver)",
    (version) => {
      expect(messages({ ...valid, version })[0]).toMatch(/^version: version must be a semver version/);
    },
  );

  it("accepts embedBindings that name known providers, read/search capabilities and bound proposals", () => {
    const embedBindings = {
      "cx-operations": {
        providers: [{ id: "atlassian-jira", capabilities: ["read", "search"], filters: { projects: ["OPS"] } }],
        proposals: ["atlassian-jira.createIssue"],
      },
    };
    expect(packManifestSchema.safeParse({ ...valid, embedBindings }).success).toBe(true);
  });

  it.each([
    ["not an object", [], /embedBindings must be an object/],
    ["a binding that is not an object", { "cx-x": 3 }, /must be an object/],
    ["an unknown binding field", { "cx-x": { providers: [], extra: 1 } }, /extra/],
    [
      "an unknown provider",
      { "cx-x": { providers: [{ id: "jira", capabilities: ["read"] }] } },
      /unknown provider "jira"/,
    ],
    ["an empty capability list", { "cx-x": { providers: [{ id: "github", capabilities: [] }] } }, /non-empty/],
    [
      "an unknown capability",
      { "cx-x": { providers: [{ id: "github", capabilities: ["write"] }] } },
      /"write" is not a recognized/,
    ],
    ["a malformed proposal", { "cx-x": { proposals: ["github"] } }, /<providerId>\.<writeKind>/],
    [
      "a proposal to an unbound provider",
      { "cx-x": { providers: [{ id: "github", capabilities: ["read"] }], proposals: ["slack.postMessage"] } },
      /does not bind/,
    ],
  ] as const)("refuses %s (Construct: refuses it too)", (_what, embedBindings, message) => {
    const found = messages({ ...valid, embedBindings });
    expect(found.length).toBeGreaterThan(0);
    expect(found.join("\n")).toMatch(message);
  });
});
