import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkOutput, describeOutput } from "@/lib/embed/output-contract";
import { type Contract, contractSchema } from "@/schemas/contract";

const CONTRACTS_DIR = fileURLToPath(new URL("../../specialists/org/contracts/", import.meta.url));
const loadContract = (id: string): Contract =>
  contractSchema.parse(JSON.parse(readFileSync(`${CONTRACTS_DIR}${id}.json`, "utf8")));

type Output = NonNullable<Contract["output"]>;

/** operations-triage: mustContain classification, severity, owner, nextUpdate; classification ∈ INCIDENT|DEFECT|NOISE. */
const triage = loadContract("operations-triage").output as Output;
/** pm-feedback-digest: mustContain themes, requests, recommendation; confidence (not required) ∈ HIGH|MEDIUM|LOW. */
const digest = loadContract("pm-feedback-digest").output as Output;

const validTriage = {
  classification: "INCIDENT",
  severity: "SEV2",
  owner: "cx-operations",
  nextUpdate: "2026-03-10T14:00:00Z",
  summary: "Checkout latency above SLO since 09:40",
};

describe("the real contracts the tests rely on", () => {
  it("operations-triage asks for four fields and a classification enum", () => {
    expect(triage.mustContain).toEqual(["classification", "severity", "owner", "nextUpdate"]);
    expect(triage.mustMatchEnum).toEqual({ classification: ["INCIDENT", "DEFECT", "NOISE"] });
  });
});

describe("checkOutput with the operations-triage contract", () => {
  it("accepts a fully valid answer (extra fields allowed)", () => {
    expect(checkOutput(validTriage, triage)).toEqual([]);
  });

  it.each(["INCIDENT", "DEFECT", "NOISE"])("accepts classification %s", (classification) => {
    expect(checkOutput({ ...validTriage, classification }, triage)).toEqual([]);
  });

  it.each([
    ["absent", undefined],
    ["null", null],
    ["an empty string", ""],
    ["a blank string", "   "],
    ["an empty array", []],
  ] as const)("reports owner as missing when it is %s", (_label, owner) => {
    const answer: Record<string, unknown> = { ...validTriage, owner };
    if (owner === undefined) delete answer.owner;
    expect(checkOutput(answer, triage)).toEqual(['missing required field "owner"']);
  });

  it("counts 0, false and a non-empty array as present", () => {
    expect(checkOutput({ ...validTriage, severity: 0, owner: ["a"], nextUpdate: false }, triage)).toEqual([]);
  });

  it("reports every missing required field, in contract order, each once", () => {
    expect(checkOutput({}, triage)).toEqual([
      'missing required field "classification"',
      'missing required field "severity"',
      'missing required field "owner"',
      'missing required field "nextUpdate"',
    ]);
  });

  it("does not report a required enum field twice when it is missing", () => {
    const { classification: _c, ...rest } = validTriage;
    expect(checkOutput(rest, triage)).toEqual(['missing required field "classification"']);
  });

  it.each(["incident", "SEV1", " INCIDENT", "INCIDENT ", "OUTAGE"])(
    "reports classification %j as not one of the values",
    (classification) => {
      expect(checkOutput({ ...validTriage, classification }, triage)).toEqual([
        `"classification" is ${JSON.stringify(classification)}, not one of INCIDENT, DEFECT, NOISE`,
      ]);
    },
  );

  it("reports a non-string classification by its JSON value", () => {
    expect(checkOutput({ ...validTriage, classification: 42 }, triage)).toEqual([
      '"classification" is 42, not one of INCIDENT, DEFECT, NOISE',
    ]);
  });

  it("does not accept an array that merely stringifies to an allowed value", () => {
    // String(["INCIDENT"]) === "INCIDENT": an array is not one of the enum's values.
    const violations = checkOutput({ ...validTriage, classification: ["INCIDENT"] }, triage);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain('"classification"');
    expect(violations[0]).toContain("not one of INCIDENT, DEFECT, NOISE");
  });

  it.each([
    ["an array", [validTriage]],
    ["a string", JSON.stringify(validTriage)],
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["a boolean", true],
  ] as const)("rejects %s as a whole: the answer must be one JSON object", (_label, answer) => {
    expect(checkOutput(answer, triage)).toEqual(["the answer must be one JSON object"]);
  });
});

describe("checkOutput: mustMatchEnum on a field that is not required (pm-feedback-digest)", () => {
  const validDigest = {
    themes: ["onboarding"],
    requests: ["SSO"],
    recommendation: "Ship SSO first",
    confidence: "HIGH",
  };

  it("accepts a valid digest", () => {
    expect(checkOutput(validDigest, digest)).toEqual([]);
  });

  it("reports a missing enum field with the values it may take", () => {
    const { confidence: _c, ...rest } = validDigest;
    expect(checkOutput(rest, digest)).toEqual(['missing field "confidence" (one of HIGH, MEDIUM, LOW)']);
  });

  it("reports an enum mismatch", () => {
    expect(checkOutput({ ...validDigest, confidence: "VERY HIGH" }, digest)).toEqual([
      '"confidence" is "VERY HIGH", not one of HIGH, MEDIUM, LOW',
    ]);
  });
});

describe("checkOutput: mustContainOneOf", () => {
  const output: Output = {
    mustContain: ["status"],
    mustContainOneOf: [
      ["artifact", "link"],
      ["reviewer", "approver"],
    ],
    mustMatchEnum: { status: ["DONE", "BLOCKED"] },
  };

  it.each([
    [{ status: "DONE", artifact: "a.md", reviewer: "r" }],
    [{ status: "DONE", link: "https://x", approver: "a" }],
    [{ status: "BLOCKED", artifact: "a.md", link: "https://x", reviewer: "r", approver: "a" }],
  ])("is satisfied by %j", (answer) => {
    expect(checkOutput(answer, output)).toEqual([]);
  });

  it("reports each group with none of its fields, naming them", () => {
    expect(checkOutput({ status: "DONE" }, output)).toEqual([
      'needs one of "artifact", "link"',
      'needs one of "reviewer", "approver"',
    ]);
  });

  it("does not count empty values towards a group", () => {
    expect(checkOutput({ status: "DONE", artifact: "", link: [], reviewer: null, approver: "a" }, output)).toEqual([
      'needs one of "artifact", "link"',
    ]);
  });

  it("ignores an empty group", () => {
    expect(checkOutput({ x: 1 }, { mustContainOneOf: [[]] })).toEqual([]);
  });

  it("reports violations in order: required fields, groups, enums", () => {
    expect(checkOutput({ status: "WIP" }, { ...output, mustContain: ["status", "summary"] })).toEqual([
      'missing required field "summary"',
      'needs one of "artifact", "link"',
      'needs one of "reviewer", "approver"',
      '"status" is "WIP", not one of DONE, BLOCKED',
    ]);
  });
});

describe("checkOutput with an output block that asks for nothing", () => {
  it("accepts any object", () => {
    expect(checkOutput({}, {})).toEqual([]);
    expect(checkOutput({ a: 1 }, { type: "x", mustContain: [], mustContainOneOf: [], mustMatchEnum: {} })).toEqual([]);
  });

  it("still rejects a non-object answer", () => {
    expect(checkOutput("text", {})).toEqual(["the answer must be one JSON object"]);
  });
});

describe("describeOutput", () => {
  it("states the operations-triage contract for the model", () => {
    expect(describeOutput(triage)).toEqual([
      "Required fields: classification, severity, owner, nextUpdate.",
      '"classification" must be exactly one of: INCIDENT, DEFECT, NOISE.',
    ]);
  });

  it("states each one-of group", () => {
    expect(
      describeOutput({
        mustContainOneOf: [
          ["artifact", "link"],
          ["reviewer", "approver"],
        ],
      }),
    ).toEqual(["At least one of: artifact, link.", "At least one of: reviewer, approver."]);
  });

  it("is empty when nothing is asked", () => {
    expect(describeOutput({})).toEqual([]);
    expect(describeOutput({ mustContain: [] })).toEqual([]);
  });
});
