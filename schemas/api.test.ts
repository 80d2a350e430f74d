import { describe, expect, it } from "vitest";
import { orgPayloadSchema, previewFenceBodySchema } from "./api";

describe("request bodies carry records typed by kind", () => {
  it("an import payload keeps each record's fields, unknown ones too, and defaults absent sections", () => {
    const payload = orgPayloadSchema.parse({
      specialists: { ops: { id: "ops", team: "t", custom: 1 } },
      teams: { t: { id: "t", roles: ["ops"] } },
    });
    expect(payload.specialists.ops).toEqual({ id: "ops", team: "t", custom: 1 });
    expect(payload.teams.t.roles).toEqual(["ops"]);
    expect(payload.policies).toEqual({});
  });

  it("a record that is not an object is refused at the body, located at its id", () => {
    const parsed = orgPayloadSchema.safeParse({ contracts: { c: ["not", "a", "record"] } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["contracts", "c"]);
  });

  it("a draft specialist may be partial: its values are checked once merged, not at the body", () => {
    expect(previewFenceBodySchema.parse({ draftSpecialist: { fence: { allowedPaths: 3 } } }).draftSpecialist).toEqual({
      fence: { allowedPaths: 3 },
    });
  });
});
