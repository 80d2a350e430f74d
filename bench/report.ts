import type { ActivityFigures } from "./activity";
import type { BundleFigures, CanvasFigures, ShiftFigures } from "./browser";
import type { FirstViewFigures, HtmlFigures } from "./first-view";
import type { HttpFigures } from "./http";
import type { ColdLoad, InProcess } from "./in-process";
import type { LayoutFigures, LayoutRow } from "./layouts";
import type { MemoryFigures } from "./memory";
import { type PagesResults, pagesTable, pageTargets } from "./pages";
import type { PlanFigures } from "./plan";
import type { ReachFigures } from "./reach";
import { round } from "./stats";

/** What `npm run bench` found, as written to bench/results.json, and its printed report. */

export type OrgRow = InProcess & Partial<HttpFigures> & Partial<PlanFigures> & { files: number; megabytes: number };

/** One org's first view: its size in Node, and, when the browser ran, what the page drew. */
export type ViewRow = {
  specialists: number;
  nodes: number;
  /** Every relationship of the org but membership (which is containment, drawn as boxes). */
  relationships: number;
  /** The overview's ceiling: one edge per pair of boxes and kind (`aggregateEdges`), computed here. */
  teamPairs: number;
} & Partial<FirstViewFigures> &
  Partial<HtmlFigures> &
  Partial<MemoryFigures>;

export type Results = {
  /** Load averages (1 min) at the start and the end: other work on the machine shows in every figure. */
  machine: {
    node: string;
    cpus: number;
    platform: string;
    runs: number;
    date: string;
    loadAverage: { start: number; end?: number };
  };
  org: Record<string, OrgRow>;
  /** Keyed by worker profiles: the cold load of a Construct 2.x project, its package's registry beside them. */
  v2: Record<string, ColdLoad & { files: number; megabytes: number }>;
  /** Keyed by the graph's node count; `specialists` is the synthetic org that gives it. */
  canvas: Record<string, CanvasFigures & { specialists: number }>;
  bundles: Record<string, BundleFigures>;
  /** Keyed by org, then page: layout shifts while the page loads untouched. */
  shifts: Record<string, Record<string, ShiftFigures>>;
  monacoDetectorChecked?: boolean;
  /** Keyed by org: `built-in`, `upstream`, `1000 specialists`. */
  views: Record<string, ViewRow>;
  layouts: Record<string, LayoutRow>;
  /** Keyed by specialists: reach of one, of all, and the plan with reach, each beside its floor. */
  reach: Record<string, ReachFigures>;
  /** Every page of the navigation, keyed by path then org (`1000`, `10000`, `v2-1000`). */
  pages?: PagesResults;
  /** Keyed by audit-trail lines: the activity summary beside reading, splitting, parsing and hashing the same bytes. */
  activity: Record<string, ActivityFigures>;
  targets: { name: string; figure: string; pass: boolean | null }[];
};

export const BUDGET = {
  /** The 1,000-node canvas's frame against the 100-node one's. */
  frameRatio: 2,
  /** Every page's, not only the editor's. */
  firstLoadKbGz: 150,
  /** Cumulative layout shift of every page as it loads. */
  cls: 0.02,
  htmlBytes: 1_000_000,
  labelPx: 12,
  /** Edges the built-in org's first view draws: more than this does not read at a glance. */
  builtInEdges: 30,
  /** A Construct 2.x project's cold load, against its own floor. */
  v2ColdLoad: 2,
  /** Every reach line (reach of one, of all, the plan's reach share, history) against its floor. */
  reachRatio: 2,
  /** The activity summary against reading, splitting, parsing and hashing the same lines. */
  activityRatio: 1.5,
  activityHeapMb: 200,
  firstViewMs: 1000,
  domElements: 5000,
  heapMb: 150,
  /** The heap after panning may exceed the one after load by this much before it counts as climbing. */
  heapClimbMb: 10,
  firstViewBytes: 2_000_000,
};

/** The studio's pages, each measured for its first-load JS and its layout shift. */
export const ROUTES = ["/", "/list", "/packs", "/embed", "/tests", "/changes"];

/** Cold load over its floor: a small org's fixed costs weigh more, so it has more room. */
export const coldLoadBudget = (specialists: number) => (specialists <= 100 ? 1.5 : 1.3);

export function targets(r: Results): Results["targets"] {
  const out: Results["targets"] = [];
  for (const [size, row] of Object.entries(r.org)) {
    const budget = coldLoadBudget(Number(size));
    out.push({
      name: `cold load ≤ ${budget}× the floor (${size} specialists)`,
      figure: `${round(row.coldOverFloor)}×`,
      pass: row.coldOverFloor <= budget,
    });
  }
  for (const [size, row] of Object.entries(r.v2 ?? {})) {
    out.push({
      name: `Construct 2.x cold load ≤ ${BUDGET.v2ColdLoad}× the floor (${size} worker profiles)`,
      figure: `${round(row.coldOverFloor)}×`,
      pass: row.coldOverFloor <= BUDGET.v2ColdLoad,
    });
  }
  const big = r.org["10000"];
  out.push({
    name: "validateDraft at 10,000 at least 20× cheaper than full validation",
    figure: big ? `${round(big.fullValidateMs / big.draftValidateMs, 0)}×` : "not run",
    pass: big ? big.fullValidateMs >= 20 * big.draftValidateMs : null,
  });
  const [small, large] = [r.canvas["100"], r.canvas["1000"]];
  // A frame is as slow as the slower of its two clocks: the animation frame, and the screen update
  // the compositor rasterizes for it (which the animation frame may run ahead of).
  const frame = (c: CanvasFigures) => Math.max(c.dragFrameMs, c.dragPresentedMs);
  out.push({
    name: `drag frame at 1,000 nodes ≤ ${BUDGET.frameRatio}× the one at 100`,
    figure:
      small && large
        ? `${round(frame(large) / frame(small))}× (${ms(frame(large))} vs ${ms(frame(small))} ms)`
        : "not run",
    pass: small && large ? frame(large) <= BUDGET.frameRatio * frame(small) : null,
  });
  // Printed beside the frame for the same sizes; the issue sets no budget on it.
  out.push({
    name: "first render at 1,000 nodes over the one at 100 (no budget)",
    figure:
      small && large
        ? `${round(large.firstRenderMs / small.firstRenderMs)}× (${ms(large.firstRenderMs)} vs ${ms(small.firstRenderMs)} ms)`
        : "not run",
    pass: null,
  });
  const editor = r.bundles["/"];
  out.push({
    name: "editor page's first-load JS without Monaco",
    figure: editor
      ? editor.hasMonaco
        ? "Monaco in first load"
        : `no Monaco, ${round(editor.firstLoadKbGz, 1)} kB gz`
      : "not run",
    pass: editor ? !editor.hasMonaco : null,
  });
  for (const route of ROUTES) {
    const b = r.bundles[route];
    out.push({
      name: `first-load JS of ${route} ≤ ${BUDGET.firstLoadKbGz} kB gzip${route === "/" ? "" : ", no Monaco"}`,
      figure: b ? `${round(b.firstLoadKbGz, 1)} kB gz (then ${round(b.laterKbGz, 1)} kB untouched)` : "not run",
      pass: b ? b.firstLoadKbGz <= BUDGET.firstLoadKbGz && (route === "/" || !b.hasMonaco) : null,
    });
  }
  for (const route of ROUTES) {
    const measured = Object.entries(r.shifts).flatMap(([org, pages]) =>
      pages[route] ? [[org, pages[route]] as const] : [],
    );
    out.push({
      name: `CLS of ${route} ≤ ${BUDGET.cls}`,
      figure: measured.length ? measured.map(([org, f]) => `${round(f.cls, 3)} (${org})`).join(", ") : "not run",
      pass: measured.length ? measured.every(([, f]) => f.cls <= BUDGET.cls) : null,
    });
  }
  const thousand = r.views[THOUSAND];
  out.push({
    name: `editor page's HTML at 1,000 specialists ≤ ${BUDGET.htmlBytes / 1e6} MB`,
    figure: thousand?.htmlBytes === undefined ? "not run" : `${round(thousand.htmlBytes / 1e6, 3)} MB`,
    pass: thousand?.htmlBytes === undefined ? null : thousand.htmlBytes <= BUDGET.htmlBytes,
  });
  for (const [lines, f] of Object.entries(r.activity ?? {})) {
    out.push({
      name: `activity summary ≤ ${BUDGET.activityRatio}× reading, splitting, parsing and hashing the same lines (${lines})`,
      figure: `${round(f.summaryMs / f.floorMs)}× (${ms(f.summaryMs)} vs ${ms(f.floorMs)} ms)`,
      pass: f.summaryMs <= BUDGET.activityRatio * f.floorMs,
    });
    if (Number(lines) >= 1_000_000)
      out.push({
        name: `activity summary's heap < ${BUDGET.activityHeapMb} MB (${lines} lines)`,
        figure: `${f.heapPeakMb} MB`,
        pass: f.heapPeakMb < BUDGET.activityHeapMb,
      });
  }
  // Each reach feature against its floor, measured in the same run.
  for (const [size, f] of Object.entries(r.reach ?? {})) {
    const within = (name: string, figure: number, floor: number) =>
      out.push({
        name: `${name} within ${BUDGET.reachRatio}× its floor (${size})`,
        figure: `${round(figure / floor)}× (${ms(figure)} vs ${ms(floor)} ms)`,
        pass: figure <= BUDGET.reachRatio * floor,
      });
    within("reach of one vs. a walk gathering the fences' entries", f.reachOneMs, f.walkOneMs);
    within("reach of all vs. one pass gathering the fences' entries", f.reachAllMs, f.walkAllMs);
    within("plan with reach vs. without", f.planMs, f.planMs - f.planReachShareMs);
    if (f.historyMsPerCommit !== undefined && f.historyFloorMsPerCommit !== undefined)
      within("access history per commit vs. git cat-file", f.historyMsPerCommit, f.historyFloorMsPerCommit);
  }
  out.push(...memoryTargets(thousand, r.views[TEN_THOUSAND]));
  const builtin = r.views[BUILT_IN];
  out.push({
    name: `built-in org: smallest specialist label in the first view ≥ ${BUDGET.labelPx} px`,
    figure: builtin?.smallestLabelPx === undefined ? "not run" : `${round(builtin.smallestLabelPx, 1)} px`,
    pass: builtin?.smallestLabelPx === undefined ? null : builtin.smallestLabelPx >= BUDGET.labelPx,
  });
  out.push({
    name: `built-in org: at most ${BUDGET.builtInEdges} edges in the first view`,
    figure:
      builtin?.edgesDrawn === undefined ? "not run" : `${builtin.edgesDrawn} of ${builtin.relationships} relationships`,
    pass: builtin?.edgesDrawn === undefined ? null : builtin.edgesDrawn <= BUDGET.builtInEdges,
  });
  for (const [org, v] of Object.entries(r.views)) {
    if (v.edgesDrawn === undefined) continue;
    out.push({
      name: `${org}: first view draws at most one edge per box pair and kind`,
      figure: `${v.edgesDrawn} drawn, ceiling ${v.teamPairs}, of ${v.relationships} relationships`,
      pass: v.edgesDrawn <= v.teamPairs,
    });
    out.push({
      name: `${org}: no two edge labels overlap in the first view`,
      figure:
        v.labelOverlaps === undefined ? "not run" : `${v.labelOverlaps} overlapping pairs of ${v.edgeLabels} labels`,
      pass: v.labelOverlaps === undefined ? null : v.labelOverlaps === 0,
    });
    // Required of the built-in org only: a big org's fitted view is meant to show its teams.
    out.push({
      name: `${org}: every specialist inside the first view${org === BUILT_IN ? "" : " (no budget)"}`,
      figure: `${v.specialistsInView} of ${v.specialists}`,
      pass: org === BUILT_IN ? v.specialistsInView === v.specialists : null,
    });
  }
  if (r.pages) out.push(...pageTargets(r.pages));
  return out;
}

export const BUILT_IN = "built-in";
export const UPSTREAM = "upstream";
export const THOUSAND = "1000 specialists";
export const TEN_THOUSAND = "10000 specialists";

const notRun = { figure: "not run", pass: null };

function memoryTargets(thousand: ViewRow | undefined, tenThousand: ViewRow | undefined): Results["targets"] {
  const k = thousand?.heapLoadMb === undefined ? null : (thousand as ViewRow & MemoryFigures);
  const heap = (mb: number) => `${round(mb, 1)} MB`;
  return [
    {
      name: `editor page at 1,000 specialists: first view on screen ≤ ${BUDGET.firstViewMs / 1000} s`,
      ...(k ? { figure: `${ms(k.firstViewMs)} ms`, pass: k.firstViewMs <= BUDGET.firstViewMs } : notRun),
    },
    {
      name: `editor page at 1,000 specialists: DOM elements in the first view ≤ ${BUDGET.domElements}`,
      ...(k
        ? {
            figure: `${k.domElements} (${k.domAfterPanning} after panning)`,
            pass: Math.max(k.domElements, k.domAfterPanning) <= BUDGET.domElements,
          }
        : notRun),
    },
    {
      name: `editor page at 1,000 specialists: JS heap after load and after panning ≤ ${BUDGET.heapMb} MB, not climbing`,
      ...(k
        ? {
            figure: `${heap(k.heapLoadMb)} → ${heap(k.heapPannedMb)} after ${round(k.panMs / 1000, 0)} s of panning`,
            pass:
              Math.max(k.heapLoadMb, k.heapPannedMb) <= BUDGET.heapMb &&
              k.heapPannedMb <= k.heapLoadMb + BUDGET.heapClimbMb,
          }
        : notRun),
    },
    {
      name: `first-view payload (HTML and data asked for before it shows) at 10,000 specialists ≤ ${BUDGET.firstViewBytes / 1e6} MB`,
      ...(tenThousand?.firstViewBytes === undefined
        ? notRun
        : {
            figure: `${round(tenThousand.firstViewBytes / 1e6, 2)} MB (then ${round((tenThousand.laterBytes ?? 0) / 1e6, 1)} MB after it)`,
            pass: tenThousand.firstViewBytes <= BUDGET.firstViewBytes,
          }),
    },
  ];
}

export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return `${[line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n")}\n`;
}

const ms = (n: number | undefined) =>
  n === undefined ? "—" : n < 1 ? n.toFixed(3) : n < 100 ? n.toFixed(1) : n.toFixed(0);
const x = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? "—" : `${(a / b).toFixed(a / b < 10 ? 2 : 0)}×`;

export function report(r: Results): string {
  let out = `\nConstruct Studio bench — node ${r.machine.node}, ${r.machine.cpus} CPUs (load average ${r.machine.loadAverage.start} → ${r.machine.loadAverage.end}), medians of ${r.machine.runs} runs after a warm-up (ms)\n\n`;
  const orgRows = Object.entries(r.org);
  out +=
    "Cold load (read + parse + merge + index) vs. floor (readdir + readFileSync + JSON.parse of the same files, run alternately)\n";
  out += table(
    [
      "specialists",
      "files read",
      "MB",
      "cold load",
      "floor",
      "ratio of medians",
      "median ratio",
      "target",
      "floor keeping values",
      "cold/that",
      "read on the main thread",
      "reader thread",
    ],
    orgRows.map(([size, o]) => [
      size,
      o.filesRead,
      o.megabytes,
      ms(o.coldLoadMs),
      ms(o.floorMs),
      x(o.coldLoadMs, o.floorMs),
      `${o.coldOverFloor.toFixed(2)}×`,
      `≤${coldLoadBudget(Number(size))}× ${o.coldOverFloor <= coldLoadBudget(Number(size)) ? "PASS" : "MISS"}`,
      ms(o.floorKeepMs),
      x(o.coldLoadMs, o.floorKeepMs),
      `${ms(o.mainThreadMs)} (${x(o.mainThreadMs, o.floorMs)})`,
      o.threaded ? "yes" : "no",
    ]),
  );
  const v2Rows = Object.entries(r.v2 ?? {});
  if (v2Rows.length) {
    out +=
      "\nCold load of a Construct 2.x project (custom worker profiles over the installed package's registry) vs. its floor\n";
    out += table(
      [
        "worker profiles",
        "files read",
        "MB",
        "cold load",
        "floor",
        "median ratio",
        "target",
        "floor keeping values",
        "read on the main thread",
        "reader thread",
      ],
      v2Rows.map(([size, o]) => [
        size,
        o.filesRead,
        o.megabytes,
        ms(o.coldLoadMs),
        ms(o.floorMs),
        `${o.coldOverFloor.toFixed(2)}×`,
        `≤${BUDGET.v2ColdLoad}× ${o.coldOverFloor <= BUDGET.v2ColdLoad ? "PASS" : "MISS"}`,
        ms(o.floorKeepMs),
        `${ms(o.mainThreadMs)} (${x(o.mainThreadMs, o.floorMs)})`,
        o.threaded ? "yes" : "no",
      ]),
    );
  }
  out += "\nValidation: whole org vs. validateDraft of one edited specialist\n";
  out += table(
    ["specialists", "errors", "warnings", "full", "draft", "full/draft", "OrgApi.validateDraft"],
    orgRows.map(([size, o]) => [
      size,
      o.errors,
      o.warnings,
      ms(o.fullValidateMs),
      ms(o.draftValidateMs),
      x(o.fullValidateMs, o.draftValidateMs),
      ms(o.inProcessValidateMs),
    ]),
  );
  if (orgRows.some(([, o]) => o.httpValidateP50Ms !== undefined)) {
    out +=
      "\nThrough the running server (next start): POST /api/org/validate ×200 (p50, p95) vs. the in-process call; GET /api/graph\n";
    out += table(
      [
        "specialists",
        "validate p50",
        "p95",
        "in-process",
        "p50/in-proc",
        "GET /api/health p50",
        "graph",
        "graph first",
        "graph MB",
        "nodes",
        "edges",
      ],
      orgRows.map(([size, o]) => [
        size,
        ms(o.httpValidateP50Ms),
        ms(o.httpValidateP95Ms),
        ms(o.inProcessValidateMs),
        x(o.httpValidateP50Ms, o.inProcessValidateMs),
        ms(o.httpHealthP50Ms),
        ms(o.graphMs),
        ms(o.graphFirstMs),
        o.graphBytes === undefined ? "—" : (o.graphBytes / 1e6).toFixed(2),
        o.graphNodes ?? "—",
        o.graphEdges ?? "—",
      ]),
    );
  }
  if (orgRows.some(([, o]) => o.planMs !== undefined)) {
    out +=
      "\nplan against HEAD (1 specialist in 100 widened in the work tree) vs. the floor: loading the two orgs (work tree, and HEAD from git objects)\n";
    out += table(
      ["specialists", "plan", "floor (two loads)", "plan/floor", "diff alone", "changes", "widen"],
      orgRows
        .filter(([, o]) => o.planMs !== undefined)
        .map(([size, o]) => [
          size,
          ms(o.planMs),
          ms(o.planFloorMs),
          x(o.planMs, o.planFloorMs),
          ms(o.planDiffMs),
          o.planChanges ?? "—",
          o.planWidens ?? "—",
        ]),
    );
  }
  out += reach(r);
  out += activity(r);
  const canvasRows = Object.entries(r.canvas);
  if (canvasRows.length) {
    out += "\nCanvas in headless Chromium (editor page /): first render, frames while dragging a specialist\n";
    const base = r.canvas["100"];
    out += table(
      [
        "nodes",
        "specialists",
        "edges",
        "first render",
        "frames",
        "drag frame p50",
        "p95",
        "mean",
        "main thread/frame",
        "screen update",
        "render vs 100",
        "p50 vs 100",
        "update vs 100",
      ],
      canvasRows.map(([, c]) => [
        c.nodes,
        c.specialists,
        c.edges,
        ms(c.firstRenderMs),
        c.frames,
        ms(c.dragFrameMs),
        ms(c.dragFrameP95Ms),
        ms(c.dragFrameMeanMs),
        ms(c.dragBusyMs),
        ms(c.dragPresentedMs),
        x(c.firstRenderMs, base?.firstRenderMs),
        x(c.dragFrameMs, base?.dragFrameMs),
        x(c.dragPresentedMs, base?.dragPresentedMs),
      ]),
    );
  }
  const bundleRows = Object.entries(r.bundles);
  if (bundleRows.length) {
    out += `\nJS per page with no interaction, gzip -9: first load (the scripts the document names) and what follows untouched (lazy chunks, prefetches)${r.monacoDetectorChecked === undefined ? "" : `; the Monaco detector ${r.monacoDetectorChecked ? "finds" : "does NOT find"} Monaco once the JSON tab opens`}\n`;
    out += table(
      ["route", "scripts", "first load kB gz", `≤${BUDGET.firstLoadKbGz}`, "then, untouched kB gz", "Monaco"],
      bundleRows.map(([route, b]) => [
        route,
        b.scripts,
        b.firstLoadKbGz.toFixed(1),
        b.firstLoadKbGz <= BUDGET.firstLoadKbGz ? "yes" : "no",
        b.laterKbGz.toFixed(1),
        b.hasMonaco ? "yes" : "no",
      ]),
    );
  }
  out += views(r);
  out += shifts(r);
  out += layouts(r);
  if (r.pages) out += `\n${pagesTable(r.pages, table)}`;
  out += "\nTargets\n";
  out += table(
    ["target", "figure", "result"],
    r.targets.map((t) => [
      t.name,
      t.figure,
      t.pass === null ? (t.figure === "not run" ? "not run" : "—") : t.pass ? "within" : "OVER",
    ]),
  );
  return out;
}

const px = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? "—" : n.toFixed(1));

function views(r: Results): string {
  const rows = Object.entries(r.views);
  if (!rows.length) return "";
  let out = `\nFirst view of the editor page at 1440 × 900, once the first fit has settled: edges drawn vs. the overview's ceiling (one per box pair and kind, computed in Node) and all relationships; specialists' text on screen\n`;
  out += table(
    [
      "org",
      "specialists",
      "nodes",
      "relationships",
      "ceiling",
      "edges drawn",
      "drawn/relationships",
      "labels",
      "labels overlapping",
      "zoom",
      "smallest label px",
      `≥${BUDGET.labelPx}`,
      "smallest text px",
      "specialists in view",
      "HTML MB",
      "HTML gz kB",
    ],
    rows.map(([org, v]) => [
      org,
      v.specialists,
      v.nodes,
      v.relationships,
      v.teamPairs,
      v.edgesDrawn ?? "—",
      v.edgesDrawn === undefined ? "—" : `${((100 * v.edgesDrawn) / Math.max(1, v.relationships)).toFixed(0)} %`,
      v.edgeLabels ?? "—",
      v.labelOverlaps ?? "—",
      v.zoom === undefined ? "—" : v.zoom.toFixed(3),
      px(v.smallestLabelPx),
      v.smallestLabelPx === undefined ? "—" : v.smallestLabelPx >= BUDGET.labelPx ? "yes" : "no",
      px(v.smallestTextPx),
      v.specialistsInView === undefined ? "—" : `${v.specialistsInView} of ${v.specialists}`,
      v.htmlBytes === undefined ? "—" : (v.htmlBytes / 1e6).toFixed(3),
      v.htmlGzBytes === undefined ? "—" : (v.htmlGzBytes / 1024).toFixed(1),
    ]),
  );
  out += memory(rows);
  return out;
}

function memory(rows: [string, ViewRow][]): string {
  const measured = rows.filter(([, v]) => v.heapLoadMb !== undefined) as [string, ViewRow & MemoryFigures][];
  if (!measured.length) return "";
  let out = `\nThe editor page as a user opens it at 1440 × 900: the first view's bytes (HTML and data asked for before its first box shows) and the rest's; DOM elements and JS heap (after a forced GC) once the live canvas settled, and after panning\n`;
  out += table(
    ["org", "first view ms", "first-view MB", "then MB", "DOM", "DOM panned", "heap MB", "heap panned MB", "panned s"],
    measured.map(([org, v]) => [
      org,
      ms(v.firstViewMs),
      (v.firstViewBytes / 1e6).toFixed(2),
      (v.laterBytes / 1e6).toFixed(2),
      v.domElements,
      v.domAfterPanning,
      v.heapLoadMb.toFixed(1),
      v.heapPannedMb.toFixed(1),
      round(v.panMs / 1000, 0),
    ]),
  );
  return out;
}

function shifts(r: Results): string {
  const rows = Object.entries(r.shifts ?? {}).flatMap(([org, pages]) =>
    Object.entries(pages).map(([route, f]) => [org, route, f] as const),
  );
  if (!rows.length) return "";
  return `\nLayout shift of each page loading untouched in Chromium (every layout-shift entry without recent input, summed), 1600 × 1000\n${table(
    ["org", "route", "CLS", `≤${BUDGET.cls}`, "shifts", "what moved most"],
    rows.map(([org, route, f]) => [
      org,
      route,
      f.cls.toFixed(4),
      f.cls <= BUDGET.cls ? "yes" : "no",
      f.shifts,
      f.movers.join(" ") || "—",
    ]),
  )}`;
}

function layouts(r: Results): string {
  const rows = Object.entries(r.layouts);
  if (!rows.length) return "";
  let out =
    "\nLayout in Node: our containment layout vs. ELK layered (elkjs, INCLUDE_CHILDREN over the same nesting, the overview's aggregated edges); fit into 1440 × 900 with the canvas's padding, unclamped\n";
  const line = (org: string, name: string, f: LayoutFigures, base: LayoutFigures) => [
    org,
    name,
    ms(f.ms),
    x(f.ms, base.ms),
    `${Math.round(f.width)} × ${Math.round(f.height)}`,
    f.fitScale.toFixed(3),
    px(f.labelPx),
    f.fitsWhole ? "yes" : "no",
  ];
  out += table(
    ["org", "layout", "ms", "vs ours", "drawing w × h", "fit scale", "14 px label at fit", "whole org at zoom ≥ 0.6"],
    rows.flatMap(([org, l]) => [
      line(org, "ours (containment)", l.ours, l.ours),
      line(org, "ELK layered, right", l.elkRight, l.ours),
      line(org, "ELK layered, down", l.elkDown, l.ours),
    ]),
  );
  return out;
}

function reach(r: Results): string {
  const rows = Object.entries(r.reach ?? {});
  if (!rows.length) return "";
  return `\nReach (in Node, the org loaded): reachOf the middle specialist vs. a breadth-first walk over the same steps gathering the distinct entries of the fences it meets (the plain walk beside it); reachKeysAll vs. one pass over every principal, its steps and its fence's entries (the plain pass beside it); computePlan (reach in it) vs. the same plan less its reach share (both access graphs and reachChanges, timed alone; 1 specialist in 100 widened)\n${table(
    [
      "specialists",
      "steps",
      "accessGraph",
      "reach of one",
      "walk",
      "one/walk",
      "plain walk",
      "entries",
      "reach of all",
      "one pass",
      "all/pass",
      "plain pass",
      "plan",
      "reach share",
      "plan without reach",
      "plan/without",
      "reach widens",
    ],
    rows.map(([size, f]) => [
      size,
      f.steps,
      ms(f.graphMs),
      ms(f.reachOneMs),
      ms(f.walkOneMs),
      x(f.reachOneMs, f.walkOneMs),
      ms(f.plainWalkOneMs),
      f.reachOneEntries,
      ms(f.reachAllMs),
      ms(f.walkAllMs),
      x(f.reachAllMs, f.walkAllMs),
      ms(f.plainWalkAllMs),
      ms(f.planMs),
      ms(f.planReachShareMs),
      ms(f.planMs - f.planReachShareMs),
      x(f.planMs, f.planMs - f.planReachShareMs),
      f.reachWidens,
    ]),
  )}${history(rows)}`;
}

function history(rows: [string, ReachFigures][]): string {
  const measured = rows.filter(([, f]) => f.historyMsPerCommit !== undefined);
  if (!measured.length) return "";
  return `\nAccess history of the middle specialist, per commit (each commit widens one specialist) vs. the floor: one git cat-file --batch of every org file of every commit looked at\n${table(
    ["specialists", "commits", "history per commit", "floor per commit", "history/floor"],
    measured.map(([size, f]) => [
      size,
      f.historyCommits ?? "—",
      ms(f.historyMsPerCommit),
      ms(f.historyFloorMsPerCommit),
      x(f.historyMsPerCommit, f.historyFloorMsPerCommit),
    ]),
  )}`;
}

function activity(r: Results): string {
  const rows = Object.entries(r.activity ?? {});
  if (!rows.length) return "";
  return `\nActivity (in Node, a Construct 2.x project): the activity summary of an audit trail (read, chain verified, every line judged against the org; the org loaded, as a running studio has it) vs. reading the same bytes, splitting lines, JSON.parse and one SHA-256 per line; heap: the highest reading above the start during one summary\n${table(
    ["lines", "MB", "summary", "floor", "summary/floor", "cold (org loaded first)", "heap peak MB"],
    rows.map(([lines, f]) => [
      lines,
      f.megabytes,
      ms(f.summaryMs),
      ms(f.floorMs),
      x(f.summaryMs, f.floorMs),
      ms(f.coldMs),
      f.heapPeakMb,
    ]),
  )}`;
}
