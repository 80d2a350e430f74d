import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type EmbedContext,
  embedPointer,
  isCompleteManifest,
  manifestProblems,
  mergeOverlay,
  overlayProblems,
  overriddenFields,
} from "@/lib/embed/manifest";
import { type Contract, contractSchema } from "@/schemas/contract";
import { type EmbedManifest, type EmbedOverlay, embedManifestSchema } from "@/schemas/embed";
import type { FieldError } from "@/schemas/field-error";

const SPECIALISTS_DIR = fileURLToPath(new URL("../../specialists/", import.meta.url));
const WORKFLOWS_DIR = path.join(SPECIALISTS_DIR, "workflows");
const ORG_DIR = path.join(SPECIALISTS_DIR, "org");

const names = (dir: string, ext: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .map((f) => f.slice(0, -ext.length));
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

/** The context the embed service builds: the real built-in org and frameworks on disk. */
const ctx: EmbedContext = {
  specialists: new Set(names(path.join(ORG_DIR, "specialists"), ".json")),
  contracts: new Map(
    names(path.join(ORG_DIR, "contracts"), ".json").map((id): [string, Contract] => [
      id,
      contractSchema.parse(readJson(path.join(ORG_DIR, "contracts", `${id}.json`))),
    ]),
  ),
  frameworks: new Set(names(path.join(SPECIALISTS_DIR, "frameworks"), ".md")),
};

const BUILTIN_IDS = names(WORKFLOWS_DIR, ".manifest.json");
const builtin = (id: string): EmbedManifest =>
  embedManifestSchema.parse(readJson(path.join(WORKFLOWS_DIR, `${id}.manifest.json`)));

const ID = "operations-triage";
const base = () => builtin(ID);
/** The operations-triage manifest as loose JSON, with `embed` changed. */
const withEmbed = (patch: Record<string, unknown>): Record<string, unknown> => {
  const m = structuredClone(base()) as Record<string, unknown>;
  m.embed = { ...(m.embed as Record<string, unknown>), ...patch };
  return m;
};
const withoutEmbedField = (field: string): Record<string, unknown> => {
  const m = withEmbed({});
  delete (m.embed as Record<string, unknown>)[field];
  return m;
};
const at = (...segments: (string | number)[]) => embedPointer(ID, ...segments);

/** The only problem, which must have this rule id, location and severity. */
function single(
  problems: FieldError[],
  rule: string,
  location: string,
  severity: FieldError["severity"] = "error",
): FieldError {
  expect(problems.map((p) => p.id)).toEqual([rule]);
  expect(problems[0].location).toBe(location);
  expect(problems[0].severity).toBe(severity);
  return problems[0];
}

describe("the test context is the real built-in org", () => {
  it("knows the specialists, contracts and frameworks the built-in manifests use", () => {
    expect(ctx.specialists.has("cx-operations")).toBe(true);
    expect(ctx.specialists.has("cx-product-manager")).toBe(true);
    expect(ctx.contracts.get("operations-triage")?.producer).toBe("cx-operations");
    expect(ctx.frameworks.has("cx-ops-dependency-sequencing")).toBe(true);
    expect(BUILTIN_IDS.sort()).toEqual([
      "operations-briefing",
      "operations-triage",
      "product-feedback-digest",
      "repo-activity-review",
    ]);
  });
});

describe("manifestProblems: the built-in manifests", () => {
  it.each(BUILTIN_IDS)("%s has no problems against the real org", (id) => {
    expect(manifestProblems(readJson(path.join(WORKFLOWS_DIR, `${id}.manifest.json`)), id, ctx)).toEqual([]);
  });

  it.each(BUILTIN_IDS)("%s has no problems without a context either", (id) => {
    expect(manifestProblems(readJson(path.join(WORKFLOWS_DIR, `${id}.manifest.json`)), id)).toEqual([]);
  });

  it.each(BUILTIN_IDS)("%s is a complete manifest", (id) => {
    expect(isCompleteManifest(readJson(path.join(WORKFLOWS_DIR, `${id}.manifest.json`)))).toBe(true);
  });
});

describe("manifestProblems: the manifest's type and embed block", () => {
  it('rejects type "workflow", naming the value', () => {
    const m = { ...withEmbed({}), type: "workflow" };
    const problem = single(manifestProblems(m, ID, ctx), "embed-invalid-type", `#/workflows/${ID}/type`);
    expect(problem.message).toBe('type must be "embed" (got "workflow")');
    expect(problem.field).toBe("type");
  });

  it("rejects a manifest without a type", () => {
    const m = withEmbed({});
    delete m.type;
    const problems = manifestProblems(m, ID, ctx);
    expect(problems).toHaveLength(1);
    expect(problems[0].id).toMatch(/^embed-(invalid-type|missing-field)$/);
    expect(problems[0].location).toBe(`#/workflows/${ID}/type`);
    expect(problems[0].message).toMatch(/^type/);
  });

  it("rejects a manifest without an embed block", () => {
    const m = withEmbed({});
    delete m.embed;
    const problem = single(manifestProblems(m, ID, ctx), "embed-missing-field", `#/workflows/${ID}/embed`);
    expect(problem.message).toBe("embed: missing required field");
    expect(problem.field).toBe("embed");
  });

  it("rejects an embed block that is not an object", () => {
    const problems = manifestProblems({ ...withEmbed({}), embed: "operations" }, ID, ctx);
    expect(problems).toHaveLength(1);
    expect(problems[0].id).toMatch(/^embed-invalid-/);
    expect(problems[0].location).toBe(`#/workflows/${ID}/embed`);
    expect(problems[0].message).toContain('embed must be an object present on every type:"embed" manifest');
  });

  it("rejects a version that is not semver, naming it", () => {
    const problem = single(
      manifestProblems({ ...withEmbed({}), version: "1.0" }, ID, ctx),
      "embed-invalid-version",
      `#/workflows/${ID}/version`,
    );
    expect(problem.message).toContain('"1.0"');
  });

  it("reports every problem of the shape at once", () => {
    const m = withEmbed({ runtime: "fast", proposalAuthority: "write-all" });
    delete (m.embed as Record<string, unknown>).specialist;
    expect(
      manifestProblems(m, ID, ctx)
        .map((p) => p.id)
        .sort(),
    ).toEqual(["embed-invalid-proposal-authority", "embed-invalid-runtime", "embed-missing-field"]);
  });

  it.each(["specialist", "providerBindings", "framework", "outputContract", "proposalAuthority", "runtime"])(
    "requires embed.%s",
    (field) => {
      const problem = single(
        manifestProblems(withoutEmbedField(field), ID, ctx),
        "embed-missing-field",
        at("embed", field),
      );
      expect(problem.message).toBe(`embed.${field}: missing required field`);
      expect(problem.field).toBe(field);
    },
  );

  it.each([
    ["specialist", 42],
    ["providerBindings", "directory"],
    ["framework", false],
    ["outputContract", ["operations-triage"]],
    ["enabled", "yes"],
    ["cadence", "PT15M"],
    ["filter", "paths"],
  ])("does not call embed.%s missing when it is present with the wrong type (%j)", (field, value) => {
    const problems = manifestProblems(withEmbed({ [field]: value }), ID, ctx);
    expect(problems).toHaveLength(1);
    expect(problems[0].id).not.toBe("embed-missing-field");
    expect(problems[0].id).toMatch(/^embed-invalid-/);
    expect(problems[0].message).not.toContain("missing required field");
    expect(problems[0].location).toBe(at("embed", field));
  });

  it.each(["filter", "cadence", "enabled"])("does not require embed.%s", (field) => {
    expect(manifestProblems(withoutEmbedField(field), ID, ctx)).toEqual([]);
  });

  it("rejects empty providerBindings", () => {
    const problem = single(
      manifestProblems(withEmbed({ providerBindings: [] }), ID, ctx),
      "embed-invalid-provider-bindings",
      at("embed", "providerBindings"),
    );
    expect(problem.message).toContain("providerBindings must declare at least one provider id");
    expect(problem.field).toBe("providerBindings");
  });

  // A field that is present but of the wrong type must not be reported as missing, and its own
  // message (what it must be) must reach the user.
  it("rejects providerBindings that is not an array", () => {
    const problem = single(
      manifestProblems(withEmbed({ providerBindings: "directory" }), ID, ctx),
      "embed-invalid-provider-bindings",
      at("embed", "providerBindings"),
    );
    expect(problem.message).toContain("providerBindings must be an array of provider ids");
  });

  it("rejects a blank provider id, pointing at its index", () => {
    const problem = single(
      manifestProblems(withEmbed({ providerBindings: ["directory", " "] }), ID, ctx),
      "embed-invalid-provider-bindings",
      at("embed", "providerBindings", 1),
    );
    expect(problem.message).toContain("each provider id must not be empty");
    expect(problem.field).toBe("providerBindings");
  });

  it.each([
    ["runtime", "fast", "runtime must be one of: auto, in-process, external, none", "embed-invalid-runtime"],
    [
      "proposalAuthority",
      "write-all",
      "proposalAuthority must be one of: propose-only, governed-write",
      "embed-invalid-proposal-authority",
    ],
  ])("rejects embed.%s %j, listing the allowed values", (field, value, allowed, rule) => {
    const problem = single(manifestProblems(withEmbed({ [field]: value }), ID, ctx), rule, at("embed", field));
    expect(problem.message).toContain(allowed);
    expect(problem.message).toContain(JSON.stringify(value));
    expect(problem.field).toBe(field);
  });

  it("rejects embed.enabled that is not a boolean", () => {
    const problem = single(
      manifestProblems(withEmbed({ enabled: "yes" }), ID, ctx),
      "embed-invalid-enabled",
      at("embed", "enabled"),
    );
    expect(problem.message).toContain("enabled must be true or false");
  });

  it("rejects a specialist id that is not an id", () => {
    const problem = single(
      manifestProblems(withEmbed({ specialist: "CX Operations" }), ID, ctx),
      "embed-invalid-specialist",
      at("embed", "specialist"),
    );
    expect(problem.message).toContain('"CX Operations" is not a valid id');
  });

  it("keeps unknown keys of the embed block and the manifest (both are loose)", () => {
    expect(manifestProblems({ ...withEmbed({ notes: "x" }), compatVersion: 1 }, ID, ctx)).toEqual([]);
  });
});

describe("manifestProblems: cadence", () => {
  it.each(["15m", "PT0S", "P-1D", "-P1D", "PT30S", "P"])(
    "rejects cadence.every %j with embed-invalid-cadence",
    (every) => {
      const problem = single(
        manifestProblems(withEmbed({ cadence: { every } }), ID, ctx),
        "embed-invalid-cadence",
        at("embed", "cadence", "every"),
      );
      expect(problem.message.startsWith("embed.cadence.every: ")).toBe(true);
      expect(problem.message).toContain(JSON.stringify(every));
      expect(problem.field).toBe("every");
    },
  );

  it("says why a sub-minute cadence is rejected", () => {
    const [problem] = manifestProblems(withEmbed({ cadence: { every: "PT30S" } }), ID, ctx);
    expect(problem.message).toContain("shorter than one minute");
  });

  it.each(["PT1M", "PT15M", "P1DT2H30M", "P1W", "P1M", "PT1.5H"])("accepts cadence.every %s", (every) => {
    expect(manifestProblems(withEmbed({ cadence: { every } }), ID, ctx)).toEqual([]);
  });

  it("accepts a null cadence (event-driven only)", () => {
    expect(manifestProblems(withEmbed({ cadence: null }), ID, ctx)).toEqual([]);
  });

  it.each([["PT15M"], [15], [["PT15M"]]])("rejects a cadence %j that is not an object", (cadence) => {
    const problem = single(
      manifestProblems(withEmbed({ cadence }), ID, ctx),
      "embed-invalid-cadence",
      at("embed", "cadence"),
    );
    expect(problem.message).toContain("cadence must be an object");
    expect(problem.field).toBe("cadence");
  });

  it("rejects a cadence.every that is not a string", () => {
    const problem = single(
      manifestProblems(withEmbed({ cadence: { every: 900 } }), ID, ctx),
      "embed-invalid-cadence-every",
      at("embed", "cadence", "every"),
    );
    expect(problem.message).toContain("cadence.every must be a string");
  });

  it("rejects an unknown cadence key", () => {
    const problem = single(
      manifestProblems(withEmbed({ cadence: { every: "PT1H", at: "09:00" } }), ID, ctx),
      "embed-unknown-cadence-key",
      at("embed", "cadence", "at"),
    );
    expect(problem.message).toContain('"at"');
  });
});

describe("manifestProblems: filter", () => {
  it("rejects a top-level filter key other than scope, predicates, nativeQuery", () => {
    const problem = single(
      manifestProblems(withEmbed({ filter: { where: "x" } }), ID, ctx),
      "embed-unknown-filter-key",
      at("embed", "filter", "where"),
    );
    expect(problem.message).toContain('"where"');
    expect(problem.message).toContain("allowed: scope, predicates, nativeQuery");
    expect(problem.message.startsWith("embed.filter: ")).toBe(true);
    expect(problem.field).toBe("where");
  });

  it("rejects a scope key outside the known list", () => {
    const problem = single(
      manifestProblems(withEmbed({ filter: { scope: { folders: ["docs"] } } }), ID, ctx),
      "embed-unknown-scope-key",
      at("embed", "filter", "scope", "folders"),
    );
    expect(problem.message).toContain('"folders"');
    expect(problem.message).toContain("allowed: projects, repos, repoGlob, channels, spaces, paths");
  });

  it("rejects a predicate key outside the known list", () => {
    const problem = single(
      manifestProblems(withEmbed({ filter: { predicates: { owner: "me" } } }), ID, ctx),
      "embed-unknown-predicates-key",
      at("embed", "filter", "predicates", "owner"),
    );
    expect(problem.message).toContain('"owner"');
    expect(problem.message).toContain("allowed: assignee, statusCategory, priority, label, updatedSince");
  });

  it("rejects a scope value that is not an array of strings", () => {
    const problem = single(
      manifestProblems(withEmbed({ filter: { scope: { paths: "docs/**" } } }), ID, ctx),
      "embed-invalid-filter-scope-paths",
      at("embed", "filter", "scope", "paths"),
    );
    expect(problem.message).toContain("filter.scope.paths must be an array of strings");
  });

  it.each([
    [["directory"], "projects"],
    [["directory"], "channels"],
    [["git"], "repos"],
    [["slack"], "projects"],
    [["atlassian-jira", "slack"], "spaces"],
  ])("with bindings %j rejects filter.scope.%s, which none of them reads", (providerBindings, key) => {
    const m = withEmbed({ providerBindings, filter: { scope: { [key]: ["X"] } } });
    const problem = single(
      manifestProblems(m, ID, ctx),
      "embed-filter-not-understood",
      at("embed", "filter", "scope", key),
    );
    expect(problem.message).toContain(`"${key}"`);
    for (const binding of providerBindings) expect(problem.message).toContain(binding);
    expect(problem.field).toBe(key);
  });

  it.each([
    [["directory"], "paths"],
    [["github"], "repos"],
    [["github"], "repoGlob"],
    [["jira", "slack"], "channels"],
    [["confluence"], "spaces"],
  ])("with bindings %j accepts filter.scope.%s", (providerBindings, key) => {
    expect(manifestProblems(withEmbed({ providerBindings, filter: { scope: { [key]: ["X"] } } }), ID, ctx)).toEqual([]);
  });

  it.each(["7 days", "P-1D", "PT0S", ""])("rejects filter.predicates.updatedSince %j", (updatedSince) => {
    const problem = single(
      manifestProblems(withEmbed({ filter: { predicates: { updatedSince } } }), ID, ctx),
      "embed-invalid-filter",
      at("embed", "filter", "predicates", "updatedSince"),
    );
    expect(problem.message.startsWith("embed.filter.predicates.updatedSince: ")).toBe(true);
    expect(problem.field).toBe("updatedSince");
  });

  it("names the bad updatedSince value", () => {
    const [problem] = manifestProblems(withEmbed({ filter: { predicates: { updatedSince: "7 days" } } }), ID, ctx);
    expect(problem.message).toContain('"7 days"');
  });

  it("accepts a sub-minute updatedSince (only cadences have a minimum)", () => {
    expect(manifestProblems(withEmbed({ filter: { predicates: { updatedSince: "PT30S" } } }), ID, ctx)).toEqual([]);
  });
});

describe("manifestProblems: cross-references against the org", () => {
  it("rejects a specialist that is not in the org", () => {
    const problems = manifestProblems(withEmbed({ specialist: "cx-nobody" }), ID, ctx);
    // operations-triage is produced by cx-operations, so the producer warning comes along.
    expect(problems.filter((p) => p.severity === "warning").map((p) => p.id)).toEqual([
      "embed-contract-producer-mismatch",
    ]);
    const problem = single(
      problems.filter((p) => p.severity === "error"),
      "embed-unknown-specialist",
      at("embed", "specialist"),
    );
    expect(problem.message).toContain("'cx-nobody'");
    expect(problem.message.startsWith("embed.specialist: ")).toBe(true);
    expect(problem.field).toBe("specialist");
  });

  it("rejects a framework that is not on disk", () => {
    const problem = single(
      manifestProblems(withEmbed({ framework: "cx-ops-triage" }), ID, ctx),
      "embed-unknown-framework",
      at("embed", "framework"),
    );
    expect(problem.message).toContain("'cx-ops-triage'");
  });

  it("rejects an output contract that is not in the org", () => {
    const problem = single(
      manifestProblems(withEmbed({ outputContract: "proposal.v1" }), ID, ctx),
      "embed-unknown-output-contract",
      at("embed", "outputContract"),
    );
    expect(problem.message).toContain("'proposal.v1'");
  });

  it("rejects a contract whose output declares no fields to check", () => {
    const { output: _output, ...rest } = ctx.contracts.get("operations-triage") as Contract;
    const contracts = new Map(ctx.contracts);
    contracts.set("ops-unchecked", { ...rest, id: "ops-unchecked" });
    contracts.set("ops-typed-only", {
      ...rest,
      id: "ops-typed-only",
      output: { type: "triage", mustContain: [], mustMatchEnum: {} },
    });
    for (const outputContract of ["ops-unchecked", "ops-typed-only"]) {
      const problem = single(
        manifestProblems(withEmbed({ outputContract }), ID, { ...ctx, contracts }),
        "embed-output-contract-unchecked",
        at("embed", "outputContract"),
      );
      expect(problem.message).toContain(`'${outputContract}'`);
      expect(problem.message).toContain("mustContain, mustContainOneOf, mustMatchEnum");
    }
  });

  it("warns when the contract is produced by another specialist", () => {
    const problem = single(
      manifestProblems(withEmbed({ outputContract: "pm-feedback-digest" }), ID, ctx),
      "embed-contract-producer-mismatch",
      at("embed", "outputContract"),
      "warning",
    );
    expect(problem.message).toContain("'pm-feedback-digest'");
    expect(problem.message).toContain("cx-product-manager");
    expect(problem.message).toContain("cx-operations");
  });

  it("does not warn for a contract any specialist may produce", () => {
    expect(ctx.contracts.get("any-to-reviewer")?.producer).toBe("*");
    expect(manifestProblems(withEmbed({ outputContract: "any-to-reviewer" }), ID, ctx)).toEqual([]);
  });

  it("reports every unresolved reference at once", () => {
    const problems = manifestProblems(
      withEmbed({ specialist: "cx-nobody", framework: "nope", outputContract: "nope" }),
      ID,
      ctx,
    );
    expect(problems.map((p) => p.id)).toEqual([
      "embed-unknown-specialist",
      "embed-unknown-framework",
      "embed-unknown-output-contract",
    ]);
  });

  it("does not check cross-references without a context", () => {
    expect(
      manifestProblems(withEmbed({ specialist: "cx-nobody", framework: "nope", outputContract: "nope" }), ID),
    ).toEqual([]);
  });

  it("still checks the rules that need no context without one", () => {
    expect(manifestProblems(withEmbed({ cadence: { every: "15m" } }), ID).map((p) => p.id)).toEqual([
      "embed-invalid-cadence",
    ]);
    expect(manifestProblems(withEmbed({ filter: { scope: { projects: ["OPS"] } } }), ID).map((p) => p.id)).toEqual([
      "embed-filter-not-understood",
    ]);
  });
});

describe("manifestProblems: warnings", () => {
  it("warns about a provider id the studio does not know, pointing at its index", () => {
    const problem = single(
      manifestProblems(withEmbed({ providerBindings: ["directory", "pagerduty2"] }), ID, ctx),
      "embed-unknown-provider",
      at("embed", "providerBindings", 1),
      "warning",
    );
    expect(problem.message).toContain('"pagerduty2"');
    expect(problem.message).toContain("provider-unavailable:pagerduty2");
    expect(problem.field).toBe("providerBindings");
  });

  it("does not reject a scope key an unknown provider might read", () => {
    const problems = manifestProblems(
      withEmbed({ providerBindings: ["directory", "notion"], filter: { scope: { spaces: ["ENG"] } } }),
      ID,
      ctx,
    );
    expect(problems.map((p) => p.id)).toEqual(["embed-unknown-provider"]);
  });

  it("does not warn about known providers without credentials (the tick skips them)", () => {
    expect(
      manifestProblems(
        withEmbed({ providerBindings: ["github", "jira", "slack", "pagerduty"], filter: undefined }),
        ID,
        ctx,
      ),
    ).toEqual([]);
  });

  it("warns that governed-write only proposes", () => {
    const problem = single(
      manifestProblems(withEmbed({ proposalAuthority: "governed-write" }), ID, ctx),
      "embed-governed-write-proposes",
      at("embed", "proposalAuthority"),
      "warning",
    );
    expect(problem.message).toContain("governed-write");
    expect(problem.message).toContain("never applies");
  });
});

describe("embedPointer", () => {
  it("builds #/workflows/<id>/<path…> and escapes segments per RFC 6901", () => {
    expect(embedPointer("ops")).toBe("#/workflows/ops");
    expect(embedPointer("ops", "embed", "providerBindings", 2)).toBe("#/workflows/ops/embed/providerBindings/2");
    expect(embedPointer("ops", "embed", "filter", "scope", "a/b~c")).toBe("#/workflows/ops/embed/filter/scope/a~1b~0c");
  });
});

describe("overlayProblems", () => {
  it.each([
    [{}],
    [{ embed: { enabled: true } }],
    [{ id: ID, embed: { enabled: false, cadence: { every: "PT30M" }, runtime: "in-process" } }],
    [{ embed: { cadence: null, filter: { predicates: { updatedSince: "P1D" } } } }],
    [{ description: "Ours", embed: { enabled: true } }],
  ])("accepts the partial overlay %j", (overlay) => {
    expect(overlayProblems(overlay, ID)).toEqual([]);
  });

  it('rejects embed.enabled "yes"', () => {
    const problem = single(
      overlayProblems({ embed: { enabled: "yes" } }, ID),
      "embed-invalid-enabled",
      at("embed", "enabled"),
    );
    expect(problem.message).toContain("enabled must be true or false");
  });

  it("rejects an embed that is not an object", () => {
    const problems = overlayProblems({ embed: "yes" }, ID);
    expect(problems).toHaveLength(1);
    expect(problems[0].id).toMatch(/^embed-invalid-/);
    expect(problems[0].location).toBe(at("embed"));
    expect(problems[0].message).toContain("embed must be an object");
  });

  it('rejects runtime "fast"', () => {
    const problem = single(
      overlayProblems({ embed: { enabled: true, runtime: "fast" } }, ID),
      "embed-invalid-runtime",
      at("embed", "runtime"),
    );
    expect(problem.message).toContain('"fast"');
  });

  it("rejects an unknown filter key in an overlay", () => {
    single(
      overlayProblems({ embed: { filter: { where: "x" } } }, ID),
      "embed-unknown-filter-key",
      at("embed", "filter", "where"),
    );
  });

  it("rejects a type other than embed", () => {
    single(overlayProblems({ type: "workflow", embed: { enabled: true } }, ID), "embed-invalid-type", at("type"));
  });

  it("checks only the shape: the cadence grammar is checked on the merged manifest", () => {
    const overlay = { embed: { cadence: { every: "15m" } } };
    expect(overlayProblems(overlay, ID)).toEqual([]);
    expect(manifestProblems(mergeOverlay(base(), overlay), ID, ctx).map((p) => p.id)).toEqual([
      "embed-invalid-cadence",
    ]);
  });
});

describe("mergeOverlay", () => {
  const overlay: EmbedOverlay = {
    id: "someone-else",
    version: "9.9.9",
    type: "embed",
    description: "Ours: every 30 minutes, in-process",
    embed: {
      enabled: true,
      cadence: { every: "PT30M" },
      filter: { predicates: { updatedSince: "P1D" } },
      runtime: "in-process",
    },
  };

  it("lets overlay fields override and merges embed one level deep", () => {
    const merged = mergeOverlay(base(), overlay);
    expect(merged.description).toBe("Ours: every 30 minutes, in-process");
    expect(merged.embed).toEqual({
      specialist: "cx-operations",
      providerBindings: ["directory"],
      filter: { predicates: { updatedSince: "P1D" } },
      framework: "cx-ops-dependency-sequencing",
      outputContract: "operations-triage",
      proposalAuthority: "propose-only",
      cadence: { every: "PT30M" },
      runtime: "in-process",
      enabled: true,
    });
    expect(merged.owner).toBe("construct-core");
    expect(merged.defaultApprovalMode).toBe("proposal-only");
  });

  it("replaces filter whole: the base's scope does not survive an overlay filter without one", () => {
    const merged = mergeOverlay(base(), { embed: { filter: { predicates: { updatedSince: "P1D" } } } });
    expect(merged.embed.filter).toEqual({ predicates: { updatedSince: "P1D" } });
    expect(merged.embed.filter).not.toHaveProperty("scope");
  });

  it("replaces cadence whole, and null makes it event-driven", () => {
    expect(mergeOverlay(base(), { embed: { cadence: { every: "P1W" } } }).embed.cadence).toEqual({ every: "P1W" });
    expect(mergeOverlay(base(), { embed: { cadence: null } }).embed.cadence).toBeNull();
  });

  it("keeps the base's id, type and version", () => {
    const merged = mergeOverlay(base(), overlay);
    expect(merged.id).toBe(ID);
    expect(merged.type).toBe("embed");
    expect(merged.version).toBe("1.0.0");
  });

  it("is the base for an empty overlay or one that only enables", () => {
    expect(mergeOverlay(base(), {})).toEqual(base());
    expect(mergeOverlay(base(), { embed: { enabled: true } })).toEqual({
      ...base(),
      embed: { ...base().embed, enabled: true },
    });
  });

  it("does not modify the base or the overlay, and shares no objects with them", () => {
    const b = base();
    const before = structuredClone(b);
    const o = structuredClone(overlay);
    const merged = mergeOverlay(b, o);
    expect(b).toEqual(before);
    expect(o).toEqual(overlay);
    merged.embed.providerBindings.push("git");
    (merged.embed.filter as { predicates: { updatedSince?: string } }).predicates.updatedSince = "P9D";
    expect(b).toEqual(before);
    expect(o).toEqual(overlay);
    const m2 = mergeOverlay(b, {});
    m2.embed.filter?.scope?.paths?.push("x/**");
    expect(b).toEqual(before);
  });

  it("gives a manifest that validates when base and overlay are valid", () => {
    expect(manifestProblems(mergeOverlay(base(), overlay), ID, ctx)).toEqual([]);
    expect(isCompleteManifest(mergeOverlay(base(), overlay))).toBe(true);
  });
});

describe("overriddenFields", () => {
  it("is empty without an overlay or with one that only enables", () => {
    expect(overriddenFields(null)).toEqual([]);
    expect(overriddenFields({})).toEqual([]);
    expect(overriddenFields({ id: ID, type: "embed", version: "1.0.0", embed: { enabled: true } })).toEqual([]);
  });

  it("names top-level fields and embed.<field>, never identity or enabled", () => {
    expect(
      overriddenFields({
        id: ID,
        description: "Ours",
        embed: { enabled: true, cadence: { every: "PT30M" }, filter: {}, runtime: "in-process" },
      }),
    ).toEqual(["description", "embed.cadence", "embed.filter", "embed.runtime"]);
  });

  it("counts a null cadence as an override", () => {
    expect(overriddenFields({ embed: { cadence: null } })).toEqual(["embed.cadence"]);
  });
});

describe("isCompleteManifest", () => {
  it("is true for a full manifest", () => {
    expect(isCompleteManifest(base())).toBe(true);
  });

  it.each([
    ["an enabling overlay", { embed: { enabled: true } }],
    ["a manifest without a runtime", withoutEmbedField("runtime")],
    [
      "a manifest without an id",
      (() => {
        const m = withEmbed({});
        delete m.id;
        return m;
      })(),
    ],
    ["a manifest with a version that is not semver", { ...withEmbed({}), version: "v1" }],
    ["a workflow of another type", { ...withEmbed({}), type: "pipeline" }],
    ["null", null],
    ["a string", "operations-triage"],
  ])("is false for %s", (_label, value) => {
    expect(isCompleteManifest(value)).toBe(false);
  });

  it("does not apply the cadence grammar (a shape check only)", () => {
    expect(isCompleteManifest(withEmbed({ cadence: { every: "15m" } }))).toBe(true);
  });
});
