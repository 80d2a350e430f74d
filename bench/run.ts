/**
 * `npm run bench`: speed at scale, each figure beside a floor measured in the same run.
 *
 *   BENCH_SIZES=100,1000,10000   synthetic org sizes (specialists)
 *   BENCH_CANVAS=100,1000        graph sizes (nodes) at which the editor page is driven in Chromium
 *   BENCH_RUNS=5                 timed runs per figure, after one warm-up
 *   BENCH_SKIP=http,canvas,bundles,plan
 *   BENCH_OUT=bench/results.json
 *
 * Needs a current production build (`npx next build`) for the server, canvas and bundle figures.
 * Prints; never asserts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolvePaths } from "@/server/config";
import { OrgApi } from "@/server/org/org-api";
import { APP_DIR, type Studio, startStudio } from "../e2e/spawn-studio";
import {
  type BundleFigures,
  type CanvasFigures,
  launchBrowser,
  measureBundle,
  measureCanvas,
  monacoDetectorWorks,
} from "./browser";
import { specialistId, writeSyntheticOrg } from "./generate-org";
import { type HttpFigures, measureHttp } from "./http";
import { editedSpecialist, type InProcess, measureInProcess } from "./in-process";
import { commitAndEdit, measurePlan, type PlanFigures } from "./plan";
import { round } from "./stats";

const list = (v: string | undefined, fallback: number[]) =>
  v
    ? v
        .split(",")
        .map((s) => Number(s.trim()))
        .filter((n) => n > 0)
    : fallback;
const SIZES = list(process.env.BENCH_SIZES, [100, 1000, 10000]);
const CANVAS = list(process.env.BENCH_CANVAS, [100, 1000]);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SKIP = new Set(
  (process.env.BENCH_SKIP ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
const OUT = path.resolve(APP_DIR, process.env.BENCH_OUT ?? "bench/results.json");
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const ROUTES = ["/", "/list", "/packs", "/embed"];

type OrgRow = InProcess & Partial<HttpFigures> & Partial<PlanFigures> & { files: number; megabytes: number };
type Results = {
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
  /** Keyed by the graph's node count; `specialists` is the synthetic org that gives it. */
  canvas: Record<string, CanvasFigures & { specialists: number }>;
  bundles: Record<string, BundleFigures>;
  monacoDetectorChecked?: boolean;
  targets: { name: string; figure: string; pass: boolean | null }[];
};

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function newProject(size: number) {
  const root = mkdtempSync(path.join(os.tmpdir(), `studio-bench-${size}-`));
  const home = path.join(root, "home");
  const xdg = path.join(root, "xdg");
  mkdirSync(home);
  mkdirSync(xdg);
  return { root, home, xdg };
}

async function main() {
  if (!SKIP.has("http") || !SKIP.has("canvas") || !SKIP.has("bundles")) {
    if (!existsSync(path.join(APP_DIR, ".next", "BUILD_ID")))
      throw new Error("no production build: run `npx next build` first (or BENCH_SKIP=http,canvas,bundles)");
  }
  const results: Results = {
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      platform: `${os.platform()} ${os.release()}`,
      runs: RUNS,
      date: new Date().toISOString(),
      loadAverage: { start: round(os.loadavg()[0]) },
    },
    org: {},
    canvas: {},
    bundles: {},
    targets: [],
  };
  const needsBrowser = (!SKIP.has("canvas") && CANVAS.length > 0) || !SKIP.has("bundles");
  const browser = needsBrowser ? await launchBrowser() : null;
  const temps: string[] = [];
  try {
    for (const [n, size] of SIZES.entries()) {
      const project = newProject(size);
      temps.push(project.root);
      log(`${size} specialists: writing the synthetic org`);
      const written = writeSyntheticOrg(project.root, size);
      const paths = resolvePaths({ root: project.root, home: project.home, appDir: APP_DIR, configHome: project.xdg });

      log(`${size}: cold load, validation`);
      const inProcess = await measureInProcess(paths, size, RUNS);
      const row: OrgRow = { ...inProcess, files: written.files, megabytes: round(written.bytes / 1e6) };
      results.org[size] = row;

      // Last for this org: it makes the project a git repository and edits it.
      if (!SKIP.has("plan") && size >= 1000) {
        log(`${size}: plan against HEAD`);
        commitAndEdit(project.root, size);
        Object.assign(row, await measurePlan(paths, Math.min(RUNS, 3)));
      }

      const wantsServer = !SKIP.has("http") || (!SKIP.has("bundles") && n === 0);
      if (!wantsServer) continue;
      let studio: Studio | null = null;
      try {
        studio = await startStudio({ port: PORT + n, root: project.root, home: project.home, xdg: project.xdg });
        await expectSyntheticOrg(studio, size);
        const draft = await draftFor(paths, size);
        if (!SKIP.has("http")) {
          log(`${size}: HTTP`);
          Object.assign(row, await measureHttp(studio, draft, { validateRuns: 200, graphRuns: RUNS }));
        }
        if (browser && !SKIP.has("bundles") && n === 0) {
          log("first-load JS of each page");
          for (const route of ROUTES) {
            const { urls: _urls, ...figures } = await measureBundle(browser, studio.origin, route);
            results.bundles[route] = figures;
          }
          results.monacoDetectorChecked = await monacoDetectorWorks(
            browser,
            studio.origin,
            `specialist:${specialistId(1)}`,
          );
        }
      } finally {
        await studio?.kill();
      }
    }
    if (browser && !SKIP.has("canvas")) {
      for (const [n, nodes] of CANVAS.entries()) {
        const project = newProject(nodes);
        temps.push(project.root);
        const specialists = await specialistsForNodes(project, nodes);
        log(`canvas at ${nodes} nodes (${specialists} specialists) in Chromium`);
        const studio = await startStudio({
          port: PORT + SIZES.length + n,
          root: project.root,
          home: project.home,
          xdg: project.xdg,
        });
        try {
          const graph = (await (await fetch(`${studio.origin}/api/graph`)).json()) as {
            nodes: unknown[];
            edges: unknown[];
          };
          // The org measured must be the one generated: a figure of another org would be a lie.
          if (graph.nodes.length !== nodes)
            throw new Error(
              `the studio on ${studio.origin} serves ${graph.nodes.length} nodes, not the ${nodes} generated for this run`,
            );
          results.canvas[nodes] = {
            ...(await measureCanvas(browser, studio.origin, graph.nodes.length, graph.edges.length, {
              runs: Math.min(RUNS, 3),
              dragSteps: 120,
            })),
            specialists,
          };
        } finally {
          await studio.kill();
        }
      }
    }
  } finally {
    await browser?.close();
    if (!process.env.BENCH_KEEP) for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  }

  results.machine.loadAverage.end = round(os.loadavg()[0]);
  results.targets = targets(results);
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(report(results));
  process.stdout.write(`\nwritten to ${path.relative(process.cwd(), OUT)}\n`);
}

/**
 * Writes the smallest synthetic org whose graph (with the built-in tier's nodes) has at least
 * `nodes` nodes, and returns its number of specialists. The graph's size grows by one or two
 * nodes per specialist, so the search lands on the exact count or one above it.
 */
async function specialistsForNodes(
  project: { root: string; home: string; xdg: string },
  nodes: number,
): Promise<number> {
  const count = async (specialists: number) => {
    rmSync(path.join(project.root, ".cx"), { recursive: true, force: true });
    writeSyntheticOrg(project.root, specialists);
    const api = new OrgApi(
      resolvePaths({ root: project.root, home: project.home, appDir: APP_DIR, configHome: project.xdg }),
    );
    try {
      return (await api.graph()).nodes.length;
    } finally {
      api.close();
    }
  };
  let [low, high] = [1, nodes];
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if ((await count(mid)) >= nodes) high = mid;
    else low = mid + 1;
  }
  await count(low);
  return low;
}

async function draftFor(paths: ReturnType<typeof resolvePaths>, size: number) {
  const api = new OrgApi(paths);
  const snap = await api.snapshot();
  return editedSpecialist(snap.rows.specialists.get(specialistId(Math.ceil(size / 2)))!.record, size);
}

function targets(r: Results): Results["targets"] {
  const out: Results["targets"] = [];
  for (const [size, row] of Object.entries(r.org)) {
    out.push({
      name: `cold load within 2× the floor (${size})`,
      figure: `${round(row.coldOverFloor)}×`,
      pass: row.coldOverFloor <= 2,
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
    name: "drag frame at 1,000 within 3× of 100",
    figure:
      small && large
        ? `${round(frame(large) / frame(small))}× (${ms(frame(large))} vs ${ms(frame(small))} ms)`
        : "not run",
    pass: small && large ? frame(large) <= 3 * frame(small) : null,
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
  return out;
}

function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return `${[line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n")}\n`;
}

const ms = (n: number | undefined) =>
  n === undefined ? "—" : n < 1 ? n.toFixed(3) : n < 100 ? n.toFixed(1) : n.toFixed(0);
const x = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? "—" : `${(a / b).toFixed(a / b < 10 ? 2 : 0)}×`;

function report(r: Results): string {
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
      "≤2×",
      "floor keeping values",
      "cold/that",
    ],
    orgRows.map(([size, o]) => [
      size,
      o.filesRead,
      o.megabytes,
      ms(o.coldLoadMs),
      ms(o.floorMs),
      x(o.coldLoadMs, o.floorMs),
      `${o.coldOverFloor.toFixed(2)}×`,
      o.coldOverFloor <= 2 ? "PASS" : "MISS",
      ms(o.floorKeepMs),
      x(o.coldLoadMs, o.floorKeepMs),
    ]),
  );
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
        x(c.dragFrameMs, base?.dragFrameMs),
        x(c.dragPresentedMs, base?.dragPresentedMs),
      ]),
    );
  }
  const bundleRows = Object.entries(r.bundles);
  if (bundleRows.length) {
    out += `\nFirst-load JS per page (scripts loaded with no interaction, gzip -9)${r.monacoDetectorChecked === undefined ? "" : `; the Monaco detector ${r.monacoDetectorChecked ? "finds" : "does NOT find"} Monaco once the JSON tab opens`}\n`;
    out += table(
      ["route", "scripts", "kB gz", "Monaco"],
      bundleRows.map(([route, b]) => [route, b.scripts, b.firstLoadKbGz.toFixed(1), b.hasMonaco ? "yes" : "no"]),
    );
  }
  out += "\nTargets\n";
  out += table(
    ["target", "figure", "result"],
    r.targets.map((t) => [t.name, t.figure, t.pass === null ? "not run" : t.pass ? "PASS" : "MISS"]),
  );
  return out;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/** Checks that a bench studio serves the synthetic org written for this row, all of it. */
async function expectSyntheticOrg(studio: Studio, size: number): Promise<void> {
  const list = (await (await fetch(`${studio.origin}/api/org/specialist`)).json()) as { items?: { id: string }[] };
  const synthetic = (list.items ?? []).filter((row) => /^cx-s\d+$/.test(row.id)).length;
  if (synthetic !== size)
    throw new Error(
      `the studio on ${studio.origin} serves ${synthetic} synthetic specialists, not the ${size} written`,
    );
}
