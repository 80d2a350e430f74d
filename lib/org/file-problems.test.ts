import { describe, expect, it } from "vitest";
import type { FieldError } from "@/schemas/field-error";
import { fileProblems } from "./file-problems";

const problem = (over: Partial<FieldError>): FieldError => ({
  id: "rule",
  severity: "error",
  message: "broken",
  location: "#/teams/t",
  ...over,
});

describe("/list's file problems", () => {
  const unparsed = problem({ id: "invalid-json", location: "#/teams/broken", path: ".cx/org/teams/broken.json" });
  const onRecord = problem({
    id: "worker-profile-model-tier",
    location: "#/worker-profiles/w1/modelTier",
    path: ".construct/org/worker-profiles/w1.json",
  });
  const warning = problem({ severity: "warning", path: ".cx/org/teams/t.json" });
  const readOnly = problem({ severity: "warning", path: "/pkg/registry/x.json", fixBy: "Construct's maintainers" });
  const all = [unparsed, onRecord, warning, readOnly, problem({ id: "no-path" })];

  it("lists as unloaded only the errors no row of the table shows", () => {
    expect(fileProblems(all, [{ ...onRecord }]).unloaded).toEqual([unparsed]);
    // An error the rows do not show stays listed, whatever its record.
    expect(fileProblems(all, []).unloaded).toEqual([unparsed, onRecord]);
  });

  it("keeps the project's file warnings and the read-only ones apart", () => {
    const { warnings, readOnly: ro } = fileProblems(all, [warning]);
    expect(warnings).toEqual([warning]);
    expect(ro).toEqual([readOnly]);
  });
});
