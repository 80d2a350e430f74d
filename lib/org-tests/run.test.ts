import { describe, expect, it } from "vitest";
import { smallOrg } from "@/lib/org/small-org.fixture";
import { orgTestJsonSchema, orgTestRunSchema } from "@/schemas/org-test";
import { renderTestRun, routingCasesOf, runOrgTests } from "./run";

const file = "tests/org.test.json";

describe("runOrgTests", () => {
  it("passes and fails fence, routing and relationship cases, naming what decided", () => {
    const run = runOrgTests(smallOrg(), [
      {
        file,
        value: {
          cases: [
            {
              name: "engineer edits src",
              specialist: "cx-engineer",
              action: "edit",
              target: "src/a.ts",
              expect: "allowed",
            },
            { name: "engineer pushes", specialist: "cx-engineer", action: "push", expect: "needs-approval" },
            {
              name: "pm cannot decide architecture",
              specialist: "cx-pm",
              action: "bash",
              target: "git push",
              expect: "allowed",
            },
            {
              name: "ADRs go to the architect",
              task: "write an ADR about service boundaries",
              expect: { top: "cx-architect" },
            },
            {
              name: "research in top 2",
              task: "find evidence for a product claim",
              expect: { specialist: "cx-researcher", inTop: 2 },
            },
            { name: "architect hands off to engineer", from: "cx-architect", handoffTo: "cx-engineer" },
            { name: "engineer never hands to pm", from: "cx-engineer", handoffTo: "cx-pm", not: true },
            { name: "core escalates to the architect", team: "core-team", escalatesTo: "cx-architect" },
          ],
        },
      },
    ]);
    orgTestRunSchema.parse(run);
    expect(run.problems).toEqual([]);
    expect(run.results.map((r) => [r.name, r.pass])).toEqual([
      ["engineer edits src", true],
      ["engineer pushes", true],
      ["pm cannot decide architecture", false],
      ["ADRs go to the architect", true],
      ["research in top 2", true],
      ["architect hands off to engineer", true],
      ["engineer never hands to pm", true],
      ["core escalates to the architect", true],
    ]);
    // Each result names the record it is about, so the Tests page can open it in the editor.
    expect(run.results.map((r) => r.record)).toEqual([
      { kind: "specialist", id: "cx-engineer" },
      { kind: "specialist", id: "cx-engineer" },
      { kind: "specialist", id: "cx-pm" },
      { kind: "specialist", id: "cx-architect" },
      { kind: "specialist", id: "cx-researcher" },
      { kind: "specialist", id: "cx-architect" },
      { kind: "specialist", id: "cx-engineer" },
      { kind: "team", id: "core-team" },
    ]);
    expect(run.results[0].detail).toContain('allowedPaths[0] "src/**"');
    expect(run.results[2].detail).toContain("expected allowed");
    expect(run.results[3].ranking?.[0]).toBe("cx-architect");
    expect(run.summary).toEqual({ passed: 7, failed: 1, invalid: 0 });
    const text = renderTestRun(run, "text");
    expect(text).toContain('FAIL tests/org.test.json "pm cannot decide architecture"');
    expect(text.trim().split("\n").at(-1)).toBe("7 passed, 1 failed, 0 invalid");
    expect(renderTestRun(run, "github")).toMatch(
      /^::error file=tests\/org\.test\.json,title=org test failed::pm cannot/m,
    );
  });

  it("a case breaks when the org it pins down changes", () => {
    const org = smallOrg();
    org.specialists["cx-architect"].handoffCandidates = ["product-manager.platform"];
    const run = runOrgTests(org, [
      { file, value: { cases: [{ name: "h", from: "cx-architect", handoffTo: "cx-engineer" }] } },
    ]);
    expect(run.results[0]).toMatchObject({ pass: false, detail: "cx-architect has no handoff to cx-engineer" });
  });

  it("reports malformed cases with their file and JSON pointer, and still runs the others", () => {
    const run = runOrgTests(smallOrg(), [
      {
        file,
        value: {
          cases: [
            { name: "ghost", specialist: "cx-ghost", action: "edit", target: "a", expect: "allowed" },
            { name: "bad action", specialist: "cx-engineer", action: "deploy", expect: "allowed" },
            { name: "typo", from: "cx-architect", handofTo: "cx-engineer" },
            42,
            { name: "what am I" },
            { name: "still runs", from: "cx-architect", handoffTo: "cx-engineer" },
          ],
        },
      },
      { file: "tests/broken.test.json", error: "invalid JSON at line 1 column 2" },
      { file: "tests/empty.test.json", value: { tests: [] } },
    ]);
    expect(run.results.map((r) => r.name)).toEqual(["still runs"]);
    expect(run.problems.map((p) => [p.path, p.location, p.id])).toEqual([
      [file, "#/cases/0/specialist", "test-unknown-specialist"],
      [file, "#/cases/1/action", "test-unknown-action"],
      [file, "#/cases/2/handoffTo", "test-case-invalid-handoffTo"],
      [file, "#/cases/2", "test-case-unknown-field"],
      [file, "#/cases/3", "test-case-not-an-object"],
      [file, "#/cases/4", "test-case-unknown-kind"],
      ["tests/broken.test.json", "#", "test-file-unreadable"],
      ["tests/empty.test.json", "#/cases", "test-file-no-cases"],
    ]);
    expect(run.problems[1].message).toContain('"action" must be one of edit, write, bash, commit, push, bd-label');
    expect(run.summary).toEqual({ passed: 1, failed: 0, invalid: 8 });
    expect(renderTestRun(run, "text")).toContain("INVALID tests/org.test.json #/cases/0/specialist");
  });

  it("collects routing cases for the plan, and has a JSON Schema for editors", () => {
    const cases = routingCasesOf([
      {
        file,
        value: {
          cases: [
            { name: "r", task: "t", expect: { top: "cx-pm" } },
            { name: "h", from: "a", handoffTo: "b" },
          ],
        },
      },
    ]);
    expect(cases).toEqual([{ name: "r", task: "t", file }]);
    const schema = orgTestJsonSchema() as { properties: { cases: { items: { anyOf: unknown[] } } } };
    expect(schema.properties.cases.items.anyOf).toHaveLength(4);
  });
});
