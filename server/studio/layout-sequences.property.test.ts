import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { droppedAt, teamUnder } from "@/components/graph/drop";
import { foldable, initialCollapsed, revealed, toggled, withFold } from "@/lib/graph/collapse";
import { drawnPositions, placesForAdded, placesForMove, wantedPositions } from "@/lib/graph/drawing";
import { nodeBoxes, overlaps, type Position } from "@/lib/graph/geometry";
import { layoutGraph, packedLayout } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import type { Graph, Layout } from "@/schemas/graph";
import { emptyOrg, type OrgRecords } from "@/schemas/kinds";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR, tempProject } from "@/test/support/temp-project";
import { LayoutStore } from "./layout-store";

/**
 * Random sequences of what a user does to the canvas (add, delete, fold, unfold, move, open a record,
 * reload), each step run through the code the editor runs (the layout, the places held for an add,
 * the boxes set apart, the drop) and saved through the layout store to a real file, as the editor
 * saves it. After every step no two boxes drawn overlap, unless one holds the other.
 */

const SEQUENCES = 120;
const projects: ReturnType<typeof tempProject>[] = [];
afterAll(() => {
  for (const p of projects) p.remove();
});

type Step =
  | { kind: "add"; at: number; count: number }
  | { kind: "add-team"; at: number; count: number }
  | { kind: "delete"; at: number }
  | { kind: "fold"; at: number }
  | { kind: "open"; at: number }
  | { kind: "move"; at: number; dx: number; dy: number }
  | { kind: "reload" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("add-team" as const), at: fc.nat(), count: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("fold" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("open" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("move" as const),
    at: fc.nat(),
    dx: fc.integer({ min: -700, max: 700 }),
    dy: fc.integer({ min: -500, max: 500 }),
  }),
  fc.constant({ kind: "reload" as const }),
);

/** A small org of its own: groups, teams in some of them, specialists in some teams. */
const randomOrg: fc.Arbitrary<OrgRecords> = fc
  .record({
    groups: fc.integer({ min: 0, max: 4 }),
    teams: fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 1, maxLength: 8 }),
    specialists: fc.array(fc.nat(7), { maxLength: 30 }),
  })
  .map(({ groups, teams, specialists }) => {
    const org = emptyOrg();
    for (let g = 0; g < groups; g++) org.groups[`g${g}`] = { id: `g${g}`, name: `G${g}`, squads: [] };
    teams.forEach((g, t) => {
      org.teams[`t${t}`] = { id: `t${t}`, name: `T${t}` };
      if (g >= 0 && g < groups) (org.groups[`g${g}`].squads as string[]).push(`t${t}`);
    });
    specialists.forEach((t, s) => {
      const id = `s${s}`;
      org.specialists[id] = { id, name: id, role: id, team: `t${t % teams.length}` };
    });
    return org;
  });

/** A layout file as a user might have left it: some boxes anywhere, on top of each other as often as not. */
const savedFile = fc.array(
  fc.record({ at: fc.nat(), x: fc.integer({ min: 0, max: 1500 }), y: fc.integer({ min: 0, max: 900 }) }),
  { maxLength: 12 },
);

/** One editor session over one project, computed as the canvas computes it. */
class Session {
  graph: Graph;
  folds: ReadonlySet<string> | null = null;
  drawn: Readonly<Record<string, Position>> = {};
  wanted: Readonly<Record<string, Position>> = {};
  saved: Layout = { version: 1, positions: {} };
  private added = 0;

  readonly store: LayoutStore;

  constructor(
    public org: OrgRecords,
    readonly root: string,
  ) {
    this.graph = orgToGraph({ org });
    this.store = new LayoutStore(root);
  }

  /** The layout file's text, or null before the first save. */
  file(): string | null {
    try {
      return readFileSync(path.join(this.root, "studio", "layout.json"), "utf8");
    } catch {
      return null;
    }
  }

  get collapsed(): ReadonlySet<string> {
    return this.folds ?? initialCollapsed(this.graph, this.saved.collapsed);
  }

  async load() {
    this.saved = await this.store.read();
    this.draw();
  }

  /** The automatic layout (packed around the folds) under the saved positions, set apart. */
  draw() {
    const collapsed = this.collapsed;
    const base = collapsed.size ? packedLayout(this.graph, collapsed) : layoutGraph(this.graph.nodes, this.graph.edges);
    this.wanted = wantedPositions(base, {}, this.saved.positions);
    this.drawn = drawnPositions(this.graph.nodes, collapsed, this.wanted);
  }

  async save(positions: Record<string, Position | null>, collapsed?: readonly string[]) {
    this.saved = await this.store.update(positions, collapsed);
  }

  /** The org changes; the user's own add holds and saves places for what it added. */
  async change(edit: (org: OrgRecords) => void, own: boolean) {
    const shown = this.drawn;
    const ids = new Set(this.graph.nodes.map((n) => n.id));
    edit(this.org);
    this.graph = orgToGraph({ org: this.org });
    const grew = this.graph.nodes.some((n) => !ids.has(n.id));
    if (grew && own) await this.save(placesForAdded(this.graph, this.collapsed, shown, this.saved.positions));
    this.draw();
  }

  async run(s: Step) {
    const { graph } = this;
    const boxes = nodeBoxes(graph.nodes, this.drawn, this.collapsed);
    const drawnIds = graph.nodes.filter((n) => boxes[n.id]).map((n) => n.id);
    const pick = <T>(list: readonly T[], at: number) => (list.length ? list[at % list.length] : undefined);
    const teams = Object.keys(this.org.teams);
    switch (s.kind) {
      case "add": {
        const team = pick(teams, s.at);
        if (!team) return;
        await this.change((org) => {
          for (let i = 0; i < s.count; i++) {
            const id = `new-${++this.added}`;
            org.specialists[id] = { id, name: id, role: id, team };
          }
        }, true);
        return;
      }
      case "add-team": {
        const groups = Object.keys(this.org.groups);
        const group = pick(groups, s.at);
        const team = `new-team-${++this.added}`;
        await this.change((org) => {
          org.teams[team] = { id: team, name: team };
          if (group && s.at % 3)
            org.groups[group] = { ...org.groups[group], squads: [...(org.groups[group].squads as string[]), team] };
          for (let i = 0; i < s.count; i++) {
            const id = `new-${++this.added}`;
            org.specialists[id] = { id, name: id, role: id, team };
          }
        }, true);
        return;
      }
      case "delete": {
        const victims = [
          ...Object.keys(this.org.specialists).map((id) => ["specialists", id]),
          ...teams.map((id) => ["teams", id]),
        ];
        const victim = pick(victims, s.at);
        if (!victim) return;
        await this.change((org) => {
          const [section, id] = victim as ["specialists" | "teams", string];
          delete org[section][id];
          if (section === "teams")
            for (const [sid, sp] of Object.entries(org.specialists)) if (sp.team === id) delete org.specialists[sid];
        }, false);
        return;
      }
      case "fold": {
        const id = pick([...foldable(graph)].filter((f) => boxes[f]).sort(), s.at);
        if (!id) return;
        const next = toggled(this.collapsed, id);
        const base = initialCollapsed(graph, this.saved.collapsed);
        this.folds = next;
        await this.save({}, [...withFold(base, id, next.has(id))].filter((f) => foldable(graph).has(f)).sort());
        this.draw();
        return;
      }
      case "open": {
        // Ctrl+K or a link opens a record: its folds open in this view only, and nothing is saved.
        const id = pick(
          graph.nodes.map((n) => n.id),
          s.at,
        );
        if (!id) return;
        const before = this.file();
        const next = revealed(graph, this.collapsed, id);
        if (next !== this.collapsed) this.folds = next;
        this.draw();
        expect(this.file()).toBe(before);
        return;
      }
      case "move": {
        const id = pick(drawnIds, s.at);
        if (!id) return;
        const node = graph.nodes.find((n) => n.id === id);
        const parent = node?.parent ? boxes[node.parent] : undefined;
        const to = { x: boxes[id].x + s.dx - (parent?.x ?? 0), y: boxes[id].y + s.dy - (parent?.y ?? 0) };
        // A specialist dropped into another team is a team change the user confirms, not a move.
        if (teamUnder(graph, boxes, id, to)) return;
        const moved = droppedAt(graph, boxes, this.drawn, id, to);
        await this.save(placesForMove(graph.nodes, this.collapsed, this.wanted, this.drawn, moved));
        this.draw();
        // The box dropped is drawn where it was dropped.
        const now = nodeBoxes(graph.nodes, this.drawn, this.collapsed)[id];
        expect({ x: now.x, y: now.y }).toEqual({
          x: Math.round(boxes[id].x + s.dx),
          y: Math.round(boxes[id].y + s.dy),
        });
        return;
      }
      case "reload":
        this.folds = null;
        await this.load();
    }
  }
}

describe("the canvas's boxes, over random sequences of add, delete, fold, unfold, move, open and reload", () => {
  it(`never overlap after any step (${SEQUENCES} sequences)`, async () => {
    let sequences = 0;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(null), randomOrg),
        savedFile,
        fc.array(step, { minLength: 4, maxLength: 30, size: "medium" }),
        async (org, file, plan) => {
          sequences++;
          const project = tempProject({ prefix: "layout-sequences-" });
          projects.push(project);
          const session = new Session(org ? structuredClone(org) : loadOrg(BUILTIN_ORG_DIR), project.root);
          const ids = session.graph.nodes.map((n) => n.id);
          if (file.length && ids.length)
            await session.save(Object.fromEntries(file.map(({ at, x, y }) => [ids[at % ids.length], { x, y }])));
          await session.load();
          const check = (after: string) => {
            const found = overlaps(session.graph.nodes, session.drawn, session.collapsed);
            expect(found, after).toEqual([]);
            const boxes = nodeBoxes(session.graph.nodes, session.drawn, session.collapsed);
            const roots = session.graph.nodes.filter((n) => !n.parent);
            expect(
              roots.filter((n) => !boxes[n.id]).map((n) => n.id),
              after,
            ).toEqual([]);
          };
          check("opening the saved layout");
          for (const s of plan) {
            await session.run(s);
            steps++;
            check(JSON.stringify(s));
          }
          project.remove();
        },
      ),
      { numRuns: SEQUENCES },
    );
    expect(sequences).toBeGreaterThanOrEqual(SEQUENCES);
    console.log(`layout sequences: ${sequences} sequences, ${steps} steps, no boxes overlapping`);
  }, 300_000);
});
