import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UPSTREAM_ORG_DIR } from "@/test/support/upstream";
import { validateTree } from "./org-api";

/**
 * Conformance: Construct's own built-in org (`UPSTREAM_ORG_DIR`).
 * Construct's validator finds no errors in it, and its warnings are decision-no-policy and
 * forbidden-decision-invalid; this suite holds ours to the same, and lists the
 * warnings that are ours alone.
 */

type Raw = Record<string, unknown>;
const read = (section: string): [string, Raw][] =>
  readdirSync(path.join(UPSTREAM_ORG_DIR, section))
    .filter((f) => f.endsWith(".json"))
    .map((f) => {
      const rec = JSON.parse(readFileSync(path.join(UPSTREAM_ORG_DIR, section, f), "utf8")) as Raw;
      return [typeof rec.id === "string" ? rec.id : f.slice(0, -5), rec];
    });

/** Construct's rules 6 and 7: every decision entry must be a policy id. */
function constructWarnings(): string[] {
  const policies = new Set(read("policies").map(([id]) => id));
  const out: string[] = [];
  for (const section of ["teams", "groups"]) {
    for (const [id, rec] of read(section)) {
      for (const [field, rule] of [
        ["decisionRights", "decision-no-policy"],
        ["forbiddenDecisions", "forbidden-decision-invalid"],
      ] as const) {
        const list = Array.isArray(rec[field]) ? (rec[field] as unknown[]) : [];
        list.forEach((entry, i) => {
          if (typeof entry === "string" && !policies.has(entry)) out.push(`${rule} #/${section}/${id}/${field}/${i}`);
        });
      }
    }
  }
  return out.sort();
}

const CONSTRUCT_RULES = new Set(["decision-no-policy", "forbidden-decision-invalid"]);

describe("validate --tree on Construct's own org", () => {
  it("has no errors, as Construct finds none", async () => {
    const result = await validateTree(UPSTREAM_ORG_DIR);
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(Object.values(result.counts).reduce((a, b) => a + b, 0)).toBe(98);
  });

  it("reports exactly Construct's warnings under Construct's rule ids, at the same pointers", async () => {
    const { warnings } = await validateTree(UPSTREAM_ORG_DIR);
    const ours = warnings
      .filter((w) => CONSTRUCT_RULES.has(w.id))
      .map((w) => `${w.id} ${w.location}`)
      .sort();
    const expected = constructWarnings();
    expect(expected.length).toBeGreaterThan(50);
    expect(ours).toEqual(expected);
  });

  it("adds only the warnings listed as ours, each for a reason the fixture README names", async () => {
    const { warnings } = await validateTree(UPSTREAM_ORG_DIR);
    const extra = warnings.filter((w) => !CONSTRUCT_RULES.has(w.id));
    expect([...new Set(extra.map((w) => w.id))].sort()).toEqual([
      "custom-contract-output-schema",
      "file-id-mismatch",
      "handoff-unknown-role",
      "unknown-field",
    ]);
    // Fields Construct's records carry that the studio's schemas do not model (permissions, canEdit,
    // docArtifacts, …): kept on every save and reported once each.
    const unknown = extra.filter((w) => w.id === "unknown-field");
    expect(unknown.length).toBeGreaterThan(0);
    for (const w of unknown) expect(w.severity).toBe("warning");
    // The two contracts whose id differs from their file name are keyed by their id, as Construct keys them.
    expect(extra.filter((w) => w.id === "file-id-mismatch").map((w) => w.location)).toEqual([
      "#/contracts/operations-tpm-briefing",
      "#/contracts/operations-triage",
    ]);
    // cx-debugger still hands off to the retired role sre.
    expect(extra.filter((w) => w.id === "handoff-unknown-role").map((w) => w.location)).toEqual([
      "#/specialists/cx-debugger/handoffCandidates/2",
    ]);
    // Its schema files live outside the tree: without --schemas-root, a warning says they were not checked.
    const schemaWarnings = extra.filter((w) => w.id === "custom-contract-output-schema");
    expect(schemaWarnings.length).toBeGreaterThan(0);
    for (const w of schemaWarnings) expect(w.message).toMatch(/was not checked.*--schemas-root/);
  });
});
