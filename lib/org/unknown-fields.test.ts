import { describe, expect, it } from "vitest";
import { buildIndex } from "./org-index";
import { smallOrg } from "./small-org.fixture";
import { unknownFields } from "./unknown-fields";
import { validateDraft } from "./validate";

describe("unknownFields", () => {
  it("warns once per field the schema does not know, with its pointer", () => {
    const found = unknownFields("specialist", "writer", { id: "writer", name: "w", mood: {}, favouriteColour: "red" });
    expect(found.map((f) => [f.id, f.severity, f.location, f.field])).toEqual([
      ["unknown-field", "warning", "#/specialists/writer/mood", "mood"],
      ["unknown-field", "warning", "#/specialists/writer/favouriteColour", "favouriteColour"],
    ]);
    expect(found[0].message).toContain("kept");
  });

  it("names the field a typo is probably meant to be", () => {
    const [typo] = unknownFields("specialist", "writer", { descripton: "x" });
    expect(typo.message).toBe('specialist writer: unknown field "descripton"; did you mean "description"?');
  });

  it("knows the fields Construct's own records carry", () => {
    const record = {
      docArtifacts: ["adr"],
      watchConditions: [],
      permissions: {},
      embedOrientation: { focusAreas: [] },
      canEdit: false,
      internal: true,
      killSwitchEnv: "CONSTRUCT_ROLE_ARCHITECT",
      severityImmediate: null,
      liveWebAccess: null,
      injectAgentRoster: null,
      wordCapOverride: 4200,
      participationRules: { schemaVersion: 1, rules: [] },
      custom: true,
    };
    expect(unknownFields("specialist", "cx-architect", record)).toEqual([]);
    expect(
      unknownFields("contract", "c", { skillHints: [], enforcementLevel: "soft", approvalWorkerProfiles: [] }),
    ).toEqual([]);
    expect(unknownFields("policy", "p", { source: "rules/common/tool-invisibility.md" })).toEqual([]);
    expect(unknownFields("team", "t", { manualOnly: true })).toEqual([]);
  });

  it("is silent for a record of known fields only", () => {
    expect(unknownFields("contract", "a-to-b", { id: "a-to-b", producer: "user", consumer: "x" })).toEqual([]);
  });

  it("reaches the validator's warnings, never its errors", () => {
    const org = smallOrg();
    const index = buildIndex(org);
    const [id, record] = Object.entries(org.specialists)[0];
    const result = validateDraft(index, "specialist", { ...record, id, descripton: "typo" });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.id)).toContain("unknown-field");
  });
});
