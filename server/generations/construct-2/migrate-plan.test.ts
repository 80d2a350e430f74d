import { describe, expect, it } from "vitest";
import type { EntityRecord } from "@/schemas/kinds";
import { type AdrSpecialist, type MigrationInput, planMigration } from "./migrate-plan";

const specialist = (id: string, extra: EntityRecord = {}, opts: Partial<AdrSpecialist> = {}): AdrSpecialist => ({
  id,
  record: {
    id,
    name: id.replace(/^cx-/, ""),
    role: id.replace(/^cx-/, ""),
    description: `The ${id} specialist builds and reviews widgets for the studio.`,
    modelTier: "standard",
    skills: ["development/typescript"],
    fence: { allowedPaths: ["src/**"] },
    team: "platform-team",
    ...extra,
  },
  path: `.construct/org/specialists/${id}.json`,
  prompt: null,
  overridesBuiltin: false,
  ...opts,
});

const input = (specialists: AdrSpecialist[], extra: Partial<MigrationInput> = {}): MigrationInput => ({
  specialists,
  retired: [],
  registryIds: new Set(["engineer", "reviewer"]),
  profileDir: ".construct/org/worker-profiles",
  promptDir: ".construct/org/prompts",
  promptFileOf: (id) => `.construct/org/prompts/${id}.md`,
  ...extra,
});

describe("planMigration", () => {
  it("maps a specialist to a custom worker profile as Construct 2.1.1 scaffolds one", () => {
    const plan = planMigration(
      input([
        specialist(
          "cx-widget",
          {
            reasoningEffort: "high",
            events: ["widget.requested"],
            handoffCandidates: ["cx-reviewer", "engineer"],
            claudeTools: "Read,Grep,cx_trace,list_teams",
            groupId: "eng-group",
            promptFile: "prompts/cx-widget.md",
          },
          { prompt: { path: ".construct/prompts/cx-widget.md", content: "# Widget\n" } },
        ),
      ]),
    );
    expect(plan.refused).toEqual([]);
    expect(plan.profiles).toEqual([
      {
        from: "cx-widget",
        id: "widget",
        file: ".construct/org/worker-profiles/widget.json",
        prompt: { file: ".construct/org/prompts/widget.md", content: "# Widget\n" },
        record: {
          name: "widget",
          description: "The cx-widget specialist builds and reviews widgets for the studio.",
          role: "widget",
          modelTier: "standard",
          reasoningEffort: "high",
          skills: ["development/typescript"],
          events: ["widget.requested"],
          fence: { allowedPaths: ["src/**"] },
          handoffCandidates: ["reviewer", "engineer"],
          team: "platform-team",
          claudeTools: "Read,Grep,construct_trace",
          promptFile: ".construct/org/prompts/widget.md",
          internal: true,
          custom: true,
        },
      },
    ]);
    const notes = plan.changed.map((c) => c.note).join("\n");
    expect(notes).toContain('renamed from "cx-widget"');
    expect(notes).toContain('handoffCandidates: "cx-reviewer" is "reviewer"');
    expect(notes).toContain('"cx_trace" is "construct_trace"');
    expect(notes).toContain('dropped "list_teams"');
    expect(notes).toContain("groupId left out");
  });

  it("keeps back a built-in specialist's override and lists each retired record with why", () => {
    const plan = planMigration(
      input(
        [
          specialist("cx-widget"),
          { ...specialist("cx-architect"), record: { id: "cx-architect", modelTier: "fast" }, overridesBuiltin: true },
        ],
        {
          retired: [
            { kind: "team", id: "platform-team", path: "t" },
            { kind: "group", id: "eng-group", path: "g" },
            { kind: "contract", id: "a-to-b", path: "c" },
            { kind: "policy", id: "commit-approval", path: "p" },
          ],
        },
      ),
    );
    expect(plan.profiles.map((p) => p.id)).toEqual(["widget"]);
    expect(plan.keptBack).toEqual([expect.objectContaining({ id: "cx-architect" })]);
    expect(plan.keptBack[0].message).toContain("(modelTier)");
    expect(plan.noHome.map((n) => `${n.kind} ${n.id}`)).toEqual([
      "team platform-team",
      "group eng-group",
      "contract a-to-b",
      "policy commit-approval",
    ]);
    expect(plan.noHome.every((n) => n.message.length > 20)).toBe(true);
  });

  it("notes a profile that replaces one Construct 2.x ships", () => {
    const plan = planMigration(input([specialist("reviewer")]));
    expect(plan.changed).toEqual([
      { id: "reviewer", note: expect.stringContaining("replaces Construct 2.x's own worker profile") },
    ]);
  });

  it.each([
    ["an id 2.x cannot take", [specialist("9-lives")], '"9-lives" becomes "9-lives", an id Construct 2.x cannot take'],
    ["two ids that meet", [specialist("cx-widget"), specialist("widget")], 'would both become worker profile "widget"'],
    ["a description 2.x refuses", [specialist("cx-widget", { description: "Too short." })], 'field "description"'],
    ["a description too long", [specialist("cx-widget", { description: "x".repeat(501) })], 'field "description"'],
    ["no specialists", [], "no specialists to move"],
    [
      "only overrides",
      [specialist("cx-qa", {}, { overridesBuiltin: true })],
      "every specialist of the tier overrides a built-in",
    ],
  ])("refuses %s", (_what, specialists, message) => {
    const plan = planMigration(input(specialists));
    expect(plan.refused.map((r) => r.message).join("\n")).toContain(message);
  });
});
