import { describe, expect, it } from "vitest";
import { syntheticOrg } from "../bench/generate-org";
import { GRAPH_FIELDS, summarize } from "../lib/api/summary";
import { graphOfOrg, joinLists, joinSummary } from "../lib/queries/org";
import { type ListResponse, orgSummarySchema } from "../schemas/api/org";
import type { FieldError } from "../schemas/field-error";
import { SECTIONS } from "../schemas/kinds";

/** The lists `GET /api/org/<kind>` answers for a synthetic org, in ENTITY_KINDS order, then skills. */
function listsOf(specialists: number, problems: FieldError[] = []): ListResponse[] {
  const org = syntheticOrg(specialists);
  const lists = SECTIONS.map((section) => ({
    items: org[section].map((record) => ({
      id: String(record.id),
      scope: "project" as const,
      path: `.cx/org/${section}/${String(record.id)}.json`,
      overrides: [],
      record,
      etag: `"${section}-${String(record.id)}"`,
    })),
    count: org[section].length,
    errors: problems.filter((p) => p.location.startsWith(`#/${section}/`)),
  }));
  return [...lists, { items: [], count: 0, errors: [] }];
}

describe("the editor's first-paint summary", () => {
  const problems: FieldError[] = [
    { id: "x", severity: "error", message: "broken", location: "#/specialists/cx-s00002/team", field: "team" },
    { id: "y", severity: "warning", message: "odd", location: "#/teams/team-0001/owner", field: "owner" },
  ];

  it("draws exactly the graph the full lists draw (every field the graph reads is in GRAPH_FIELDS)", () => {
    const lists = listsOf(120, problems);
    const full = graphOfOrg(joinLists(lists));
    const slim = graphOfOrg(joinSummary(summarize(lists.slice(0, SECTIONS.length))));
    expect(full.edges.length).toBeGreaterThan(100);
    expect(slim).toEqual(full);
  });

  it("keeps only the graph's fields of each record, and parses with its schema", () => {
    const summary = summarize(listsOf(30, problems).slice(0, SECTIONS.length));
    expect(orgSummarySchema.parse(summary)).toEqual(summary);
    for (const section of SECTIONS)
      for (const row of summary.sections[section])
        expect(Object.keys(row.record).every((f) => GRAPH_FIELDS[section].some((g) => g.split(".")[0] === f))).toBe(
          true,
        );
    expect(summary.sections.contracts[0].record).not.toHaveProperty("description");
    expect(summary.problems).toHaveLength(problems.length);
    expect(summary.problems).toEqual(expect.arrayContaining(problems));
  });

  it("is a fraction of the full lists at 1,000 specialists", () => {
    const lists = listsOf(1000);
    const full = JSON.stringify(lists).length;
    const slim = JSON.stringify(summarize(lists.slice(0, SECTIONS.length))).length;
    expect(slim).toBeLessThan(full / 4);
    expect(slim).toBeLessThan(600 * 1024);
    console.log(`first-paint summary at 1,000 specialists: ${slim} bytes (full lists ${full})`);
  });
});
