import { describe, expect, it } from "vitest";
import type { FieldError } from "@/schemas/field-error";
import { groupProblems } from "./problem-groups";

const glob = (i: number, pattern: string): FieldError => ({
  id: "fence-glob-matches-nothing",
  severity: "warning",
  message: `"${pattern}" matches no file in the project`,
  location: `#/specialists/s${i}/fence/allowedPaths/0`,
});

describe("groupProblems", () => {
  it("makes thousands of one rule one row with its count, its distinct patterns and the first findings", () => {
    const many = Array.from({ length: 3000 }, (_, i) => glob(i, i % 3 ? "docs/**" : "src/**"));
    const error: FieldError = { id: "ref-unknown", severity: "error", message: "no such team", location: "#/x" };
    const entries = groupProblems([error, ...many], { keep: 50 });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({ problem: error });
    const group = "group" in entries[1] ? entries[1].group : null;
    expect(group).toMatchObject({ id: "fence-glob-matches-nothing", severity: "warning", count: 3000 });
    expect(group?.patterns).toEqual(["src/**", "docs/**"]);
    expect(group?.items).toHaveLength(50);
    expect(group?.items[0]).toBe(many[0]);
  });

  it("leaves a few findings of a rule as rows of their own, in order", () => {
    const few = [glob(1, "a"), glob(2, "b"), glob(3, "c")];
    expect(groupProblems(few)).toEqual(few.map((problem) => ({ problem })));
  });

  it("keeps an error and a warning of the same rule in groups of their own", () => {
    const w = Array.from({ length: 4 }, (_, i) => glob(i, "x"));
    const e = w.map((p) => ({ ...p, severity: "error" as const }));
    const groups = groupProblems([...w, ...e]).map((entry) => ("group" in entry ? entry.group.severity : null));
    expect(groups).toEqual(["warning", "error"]);
  });
});
