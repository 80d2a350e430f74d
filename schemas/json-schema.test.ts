import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { jsonSchemaFor } from "@/schemas/json-schema";
import { ENTITY_KIND_SPECS, ENTITY_KINDS, type EntityKind, SECTION_OF } from "@/schemas/kinds";

const BUILTIN_ORG_DIR = fileURLToPath(new URL("../specialists/org", import.meta.url));

type ObjectSchema = {
  type?: string;
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: unknown;
};
const schemaOf = (kind: EntityKind) => jsonSchemaFor(kind) as ObjectSchema;

// Pinned per kind the studio writes; a read-only kind's properties are checked against its spec's key order.
const EXPECTED: Partial<Record<EntityKind, { properties: readonly string[]; required: readonly string[] }>> = {
  specialist: {
    properties: [
      "id",
      "name",
      "displayName",
      "description",
      "when_to_use",
      "role",
      "modelTier",
      "reasoningEffort",
      "skills",
      "events",
      "fence",
      "handoffCandidates",
      "team",
      "teamId",
      "groupId",
      "promptFile",
      "claudeTools",
      "docArtifacts",
      "watchConditions",
      "permissions",
      "injectAgentRoster",
      "embedOrientation",
      "wordCapOverride",
      "canEdit",
      "liveWebAccess",
      "internal",
      "severityImmediate",
      "killSwitchEnv",
      "participationRules",
      "custom",
    ],
    // "team" or "teamId" names the team (Construct mirrors one into the other), so neither is required alone.
    required: ["id", "name", "description", "role", "modelTier", "skills", "fence"],
  },
  team: {
    properties: [
      "id",
      "kind",
      "name",
      "owner",
      "roles",
      "charter",
      "groupId",
      "decisionRights",
      "forbiddenDecisions",
      "escalationPath",
      "collaborators",
      "contact",
      "evidence",
      "manualOnly",
      "specialists",
    ],
    required: ["id", "name", "owner", "roles", "charter"],
  },
  group: {
    properties: [
      "id",
      "kind",
      "name",
      "owner",
      "roles",
      "charter",
      "groupId",
      "decisionRights",
      "forbiddenDecisions",
      "escalationPath",
      "collaborators",
      "contact",
      "evidence",
      "manualOnly",
      "squads",
    ],
    required: ["id", "name", "owner", "roles", "charter"],
  },
  contract: {
    properties: [
      "id",
      "description",
      "producer",
      "consumer",
      "trigger",
      "input",
      "output",
      "preconditions",
      "postconditions",
      "teamBoundary",
      "skillHints",
      "enforcementLevel",
      "approvalWorkerProfiles",
    ],
    required: ["id", "producer", "consumer", "input"],
  },
  policy: {
    properties: [
      "id",
      "owner",
      "description",
      "enforcement",
      "mode",
      "requiresApprovalFrom",
      "mayVetoFrom",
      "escalatesTo",
      "decisionRights",
      "conditions",
      "evidence",
      "source",
    ],
    required: ["id"],
  },
};

describe("jsonSchemaFor", () => {
  it.each(ENTITY_KINDS)("gives %s an object schema with its properties and required fields", (kind) => {
    const schema = schemaOf(kind);
    expect(schema.type).toBe("object");
    const expected = EXPECTED[kind];
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
      [...(expected?.properties ?? ENTITY_KIND_SPECS[kind].keys)].sort(),
    );
    if (expected) expect([...(schema.required ?? [])].sort()).toEqual([...expected.required].sort());
  });

  it.each(ENTITY_KINDS)("lets a %s carry fields it does not list (records are loose)", (kind) => {
    expect(schemaOf(kind).additionalProperties).not.toBe(false);
  });

  it("describes the specialist's fence as a closed object that needs allowedPaths", () => {
    const fence = schemaOf("specialist").properties!.fence as ObjectSchema;
    expect(fence.type).toBe("object");
    expect(Object.keys(fence.properties ?? {}).sort()).toEqual([
      "allowedBdLabels",
      "allowedCommands",
      "allowedPaths",
      "approvalRequired",
      "deniedActions",
    ]);
    expect(fence.required).toEqual(["allowedPaths"]);
    expect(fence.additionalProperties).toBe(false);
    expect(fence.properties!.allowedPaths).toMatchObject({ type: "array", minItems: 1, items: { type: "string" } });
  });

  it("offers the enums Monaco completes", () => {
    const specialist = schemaOf("specialist").properties!;
    expect(specialist.modelTier).toMatchObject({ enum: ["fast", "standard", "reasoning"] });
    expect(specialist.reasoningEffort).toMatchObject({ enum: ["low", "medium", "high"] });
    expect(schemaOf("team").properties!.kind).toMatchObject({ enum: ["squad", "team"] });
    expect(schemaOf("group").properties!.kind).toMatchObject({ const: "group" });
    const boundary = schemaOf("contract").properties!.teamBoundary as ObjectSchema;
    expect(Object.keys(boundary.properties ?? {}).sort()).toEqual([
      "consumerTeam",
      "crosses",
      "producerTeam",
      "requiresApprovalFrom",
    ]);
  });

  it("is cached: the same object for the same kind, a different one per kind", () => {
    for (const kind of ENTITY_KINDS) expect(jsonSchemaFor(kind)).toBe(jsonSchemaFor(kind));
    expect(new Set(ENTITY_KINDS.map((kind) => jsonSchemaFor(kind))).size).toBe(ENTITY_KINDS.length);
  });

  it.each(ENTITY_KINDS)("requires nothing the built-in %s records lack", (kind) => {
    const dir = path.join(BUILTIN_ORG_DIR, SECTION_OF[kind]);
    const required = schemaOf(kind).required ?? [];
    const missing: string[] = [];
    // A kind the built-in org holds no folder of has no records to lack anything.
    for (const file of (existsSync(dir) ? readdirSync(dir) : []).filter((f) => f.endsWith(".json"))) {
      const record = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
      for (const key of required) if (!(key in record)) missing.push(`${file}: ${key}`);
    }
    expect(missing).toEqual([]);
  });
});
