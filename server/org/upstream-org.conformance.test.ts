import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UPSTREAM_ORG_DIR } from "@/test/support/upstream";
import { validateTree } from "./validate-tree";

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

/**
 * Every warning, by rule: Construct's two rules at their own pointers, then the studio's own, each
 * for a reason the fixture itself gives (the test below names every location). No `unknown-field`:
 * the schemas know every field Construct's records carry.
 */
const WARNING_COUNTS = {
  "decision-no-policy": 34, // Construct's rule 6: decision names that are no policy id
  "forbidden-decision-invalid": 32, // Construct's rule 7, the same for forbidden decisions
  "custom-contract-output-schema": 11, // output.schema files outside the tree, not checked without --schemas-root
  "fence-rule-shadowed": 7, // globs inside another glob of the same fence
  "fence-rule-ineffective": 5, // approvals for edits the same fence already allows
  "file-id-mismatch": 2, // two contracts whose id differs from their file name
  "handoff-unknown-role": 1, // cx-debugger still hands off to the retired role sre
};

describe("validate --tree on Construct's own org", () => {
  it("raises exactly the warnings counted here, all warnings, none an unknown field", async () => {
    const { warnings, errors } = await validateTree(UPSTREAM_ORG_DIR);
    expect(errors).toEqual([]);
    const counts: Record<string, number> = {};
    for (const w of warnings) counts[w.id] = (counts[w.id] ?? 0) + 1;
    expect(counts).toEqual(WARNING_COUNTS);
    expect(warnings.length).toBe(92);
  });

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
      "fence-rule-ineffective",
      "fence-rule-shadowed",
      "file-id-mismatch",
      "handoff-unknown-role",
    ]);
    // Fence entries that do nothing, each one so under Construct's own checkAction too (allowed paths
    // before approvals): globs inside cx-engineer's "docs/**" and cx-product-manager's ".cx/knowledge/**",
    // and approvals for edits of paths the same fence already allows.
    const fences = (rule: string) =>
      extra.filter((w) => w.id === rule).map((w) => `${w.location} ${w.message.slice(0, w.message.indexOf(","))}`);
    expect(fences("fence-rule-shadowed")).toEqual([
      '#/specialists/cx-engineer/fence/allowedPaths/6 "docs/ai/**" is already allowed by "docs/**" (allowedPaths[5])',
      '#/specialists/cx-engineer/fence/allowedPaths/7 "docs/specialists/**" is already allowed by "docs/**" (allowedPaths[5])',
      '#/specialists/cx-engineer/fence/allowedPaths/10 "docs/data/**" is already allowed by "docs/**" (allowedPaths[5])',
      '#/specialists/cx-engineer/fence/allowedPaths/11 "docs/etl/**" is already allowed by "docs/**" (allowedPaths[5])',
      '#/specialists/cx-engineer/fence/allowedPaths/12 "docs/platform/**" is already allowed by "docs/**" (allowedPaths[5])',
      '#/specialists/cx-engineer/fence/allowedPaths/13 "docs/infra/**" is already allowed by "docs/**" (allowedPaths[5])',
      '#/specialists/cx-product-manager/fence/allowedPaths/7 ".cx/knowledge/decisions/strategy/**" is already allowed by ".cx/knowledge/**" (allowedPaths[5])',
    ]);
    expect(fences("fence-rule-ineffective")).toEqual([
      '#/specialists/cx-engineer/fence/approvalRequired/2 every path "specialists/org" matches is already allowed by "specialists/**" (allowedPaths[8])',
      '#/specialists/cx-engineer/fence/approvalRequired/3 every path "lib/setup.mjs" matches is already allowed by "lib/**" (allowedPaths[0])',
      '#/specialists/cx-engineer/fence/approvalRequired/4 every path "bin/construct-postinstall.mjs" matches is already allowed by "bin/**" (allowedPaths[1])',
      '#/specialists/cx-engineer/fence/approvalRequired/5 every path "lib/hooks/**" matches is already allowed by "lib/**" (allowedPaths[0])',
      '#/specialists/cx-qa/fence/approvalRequired/2 every path "tests/**" matches is already allowed by "tests/**" (allowedPaths[2])',
    ]);
    for (const w of extra.filter((p) => p.id.startsWith("fence-rule"))) expect(w.severity).toBe("warning");
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
