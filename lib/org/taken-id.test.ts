import { describe, expect, it } from "vitest";
import { takenIdProblem, tiersOf } from "./taken-id";

describe("takenIdProblem", () => {
  it("is null for a free or empty id", () => {
    expect(takenIdProblem("specialist", "cx-new", undefined)).toBeNull();
    expect(takenIdProblem("specialist", "", { scope: "builtin", overrides: [] })).toBeNull();
  });

  it("names every tier that holds the id, at the id field", () => {
    const row = { scope: "project" as const, overrides: [{ scope: "builtin" as const, path: "specialists/x.json" }] };
    expect(tiersOf(row)).toEqual(["builtin", "project"]);
    expect(takenIdProblem("specialist", "cx-engineer", row)).toMatchObject({
      id: "specialist-already-exists",
      severity: "error",
      location: "#/specialists/cx-engineer/id",
      field: "id",
      message:
        'specialist "cx-engineer" already exists in the builtin and project tiers: open it to edit it, or choose another id',
    });
    expect(takenIdProblem("worker-profile", "engineer", { scope: "builtin", overrides: [] })?.location).toBe(
      "#/worker-profiles/engineer/id",
    );
  });
});
