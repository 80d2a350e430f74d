import { describe, expect, it } from "vitest";
import { smallOrg } from "@/lib/org/small-org.fixture";
import { orgWithDraft, testsBrokenBy } from "./draft-run";
import { runOrgTests } from "./run";

const files = [
  {
    file: "tests/org.test.json",
    value: {
      cases: [
        {
          name: "engineer edits src",
          specialist: "cx-engineer",
          action: "edit",
          target: "src/a.ts",
          expect: "allowed",
        },
        { name: "architect hands off to engineer", from: "cx-architect", handoffTo: "cx-engineer" },
        {
          name: "engineer edits secret (fails already)",
          specialist: "cx-engineer",
          action: "edit",
          target: "secret/x",
          expect: "allowed",
        },
      ],
    },
  },
];

describe("testsBrokenBy", () => {
  it("names the passing cases a draft makes fail, with what fails", () => {
    const org = smallOrg();
    const engineer = org.specialists["cx-engineer"];
    const draft = { ...engineer, fence: { ...(engineer.fence as object), allowedPaths: ["docs/**"] } };
    const broken = testsBrokenBy(org, files, { kind: "specialist", record: draft });
    expect(broken.map((r) => r.name)).toEqual(["engineer edits src"]);
    expect(broken[0].detail).not.toBe("");
  });

  it("leaves out a case that fails already, and a draft that breaks nothing breaks nothing", () => {
    const org = smallOrg();
    expect(runOrgTests(org, files).results.map((r) => r.pass)).toEqual([true, true, false]);
    const same = {
      ...org.specialists["cx-engineer"],
      description: "Writes and tests the code the architect shapes, carefully.",
    };
    expect(testsBrokenBy(org, files, { kind: "specialist", record: same })).toEqual([]);
  });

  it("breaks a relationship case when the draft drops the handoff", () => {
    const org = smallOrg();
    const draft = { ...org.specialists["cx-architect"], handoffCandidates: [] };
    const broken = testsBrokenBy(org, files, { kind: "specialist", record: draft });
    expect(broken.map((r) => r.name)).toEqual(["architect hands off to engineer"]);
  });

  it("applies a draft over its own id only, and refuses a draft without one", () => {
    const org = smallOrg();
    const after = orgWithDraft(org, { kind: "team", record: { ...org.teams["core-team"], name: "Kernel" } });
    expect(after?.teams["core-team"].name).toBe("Kernel");
    expect(org.teams["core-team"].name).toBe("Core");
    expect(after?.specialists).toBe(org.specialists);
    expect(orgWithDraft(org, { kind: "team", record: { name: "no id" } })).toBeNull();
  });
});
