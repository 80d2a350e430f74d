import { describe, expect, it } from "vitest";
import { buildIndex } from "./org-index";
import { smallOrg } from "./small-org.fixture";
import { unknownFields } from "./unknown-fields";
import { validateDraft } from "./validate";

describe("unknownFields", () => {
  it("warns once per field the schema does not know, with its pointer", () => {
    const found = unknownFields("specialist", "writer", { id: "writer", name: "w", permissions: {}, canEdit: true });
    expect(found.map((f) => [f.id, f.severity, f.location, f.field])).toEqual([
      ["unknown-field", "warning", "#/specialists/writer/permissions", "permissions"],
      ["unknown-field", "warning", "#/specialists/writer/canEdit", "canEdit"],
    ]);
    expect(found[0].message).toContain("kept");
  });

  it("names the field a typo is probably meant to be", () => {
    const [typo] = unknownFields("specialist", "writer", { descripton: "x" });
    expect(typo.message).toBe('specialist writer: unknown field "descripton"; did you mean "description"?');
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
