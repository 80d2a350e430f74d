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
  });

  it("keeps the errors whole and counts the warnings per record, leaving their texts to the lists", () => {
    const warning = (id: string, location: string): FieldError => ({
      id,
      severity: "warning",
      message: `the text of ${id}, which the lists bring`,
      location,
    });
    const all: FieldError[] = [
      ...problems,
      warning("w1", "#/specialists/cx-s00003/fence/allowedPaths/0"),
      warning("w2", "#/specialists/cx-s00003/fence/allowedPaths/1"),
      warning("w3", "#/specialists/cx-s00004/role"),
    ];
    const summary = summarize(listsOf(30, all).slice(0, SECTIONS.length));
    expect(summary.problems).toEqual([problems[0]]);
    expect(summary.warnings).toEqual({
      "specialists/cx-s00003": 2,
      "teams/team-0001": 1,
      "specialists/cx-s00004": 1,
    });
    const text = JSON.stringify(summary);
    for (const w of all.filter((p) => p.severity === "warning")) expect(text).not.toContain(w.message);
    expect(text).toContain("broken");
    // The node markers count the same as with the full lists.
    const full = graphOfOrg(joinLists(listsOf(30, all)));
    const slim = graphOfOrg(joinSummary(summary));
    const marks = (g: typeof full) =>
      g.nodes.filter((n) => n.errorCount || n.warningCount).map((n) => [n.id, n.errorCount, n.warningCount]);
    expect(marks(slim)).toEqual(marks(full));
    expect(marks(slim)).toHaveLength(4);
  });

  it("is drawn once per version: a fresh copy with the same key gives the same view and graph", () => {
    const summary = { ...summarize(listsOf(30, problems).slice(0, SECTIONS.length)), key: "v1" };
    const copy = JSON.parse(JSON.stringify(summary));
    const view = joinSummary(summary);
    expect(joinSummary(copy)).toBe(view);
    expect(graphOfOrg(joinSummary(copy))).toBe(graphOfOrg(view));
    expect(joinSummary({ ...copy, key: "v2" })).not.toBe(view);
    // Without a key nothing is shared.
    const { key: _, ...unkeyed } = summary;
    expect(joinSummary(unkeyed)).not.toBe(joinSummary(unkeyed));
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
