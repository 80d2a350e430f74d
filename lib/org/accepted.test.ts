import { describe, expect, it } from "vitest";
import type { FieldError } from "@/schemas/field-error";
import { markAccepted } from "./accepted";
import { countProblems, statusText } from "./problem-counts";

const warning = (id: string, location: string): FieldError => ({
  id,
  severity: "warning",
  message: `${id} at ${location}`,
  location,
});
const error = (id: string, location: string): FieldError => ({ ...warning(id, location), severity: "error" });
const file = ".cx/studio/accepted.json";

describe("accepted warnings", () => {
  const problems = [
    warning("fence-glob-matches-nothing", "#/specialists/a/fence/allowedPaths/0"),
    warning("fence-glob-matches-nothing", "#/specialists/b/fence/allowedPaths/1"),
    warning("description-short", "#/specialists/a/description"),
    error("missing-contract", "#/specialists/b/contracts/0"),
  ];

  it("marks each warning of an accepted rule with the reason, and the count says so", () => {
    const marked = markAccepted(problems, { entries: [{ rule: "fence-glob-matches-nothing", reason: "later" }], file });
    expect(marked.map((p) => p.accepted)).toEqual(["later", "later", undefined, undefined]);
    expect(countProblems(marked)).toEqual({ errors: 1, warnings: 1, accepted: 2, readOnly: 0 });
    expect(statusText(marked)).toBe("1 error · 1 warning · 2 accepted");
  });

  it("narrows an entry to the warnings at or under its location, never a sibling whose id starts alike", () => {
    const marked = markAccepted([...problems, warning("description-short", "#/specialists/ab/description")], {
      entries: [{ rule: "description-short", where: "#/specialists/a", reason: "terse on purpose" }],
      file,
    });
    expect(marked.filter((p) => p.accepted).map((p) => p.location)).toEqual(["#/specialists/a/description"]);
  });

  it("never silences an error, and says the entry that names one", () => {
    const marked = markAccepted(problems, { entries: [{ rule: "missing-contract", reason: "no" }], file });
    expect(marked[3].accepted).toBeUndefined();
    expect(countProblems(marked).errors).toBe(1);
    expect(marked.at(-1)).toMatchObject({
      id: "accepted-names-errors",
      severity: "warning",
      location: "#/accepted/0",
      path: file,
      message: `${file} entry 1 (missing-contract) names errors, which are never silenced: fix them, or remove the entry`,
    });
  });

  it("says an entry that silences nothing any more, so a stale silence is seen", () => {
    const marked = markAccepted(problems, {
      entries: [
        { rule: "description-short", reason: "terse" },
        { rule: "gone-rule", where: "#/teams/x", reason: "old" },
      ],
      file,
    });
    expect(marked.filter((p) => p.id.startsWith("accepted-"))).toEqual([
      {
        id: "accepted-matches-nothing",
        severity: "warning",
        location: "#/accepted/1",
        path: file,
        message: `${file} entry 2 (gone-rule at #/teams/x) silences nothing now: the warnings it accepted are gone, so the entry can be removed`,
      },
    ]);
  });
});
