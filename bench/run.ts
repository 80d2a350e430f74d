/**
 * `npm run bench`: speed at scale, each figure beside a floor measured in the same run.
 *
 *   BENCH_SIZES=100,1000,10000   synthetic org sizes (specialists)
 *   BENCH_CANVAS=100,1000        graph sizes (nodes) at which the editor page is driven in Chromium
 *   BENCH_VIEW=1000,10000        specialists of the synthetic orgs whose first view is measured
 *   BENCH_PAN_MS=60000           how long the canvas is panned between the two heap readings
 *                                beside the built-in and the upstream org
 *   BENCH_RUNS=5                 timed runs per figure, after one warm-up
 *   BENCH_ACTIVITY=100000,1000000 audit-trail lines read, verified and summarised against a floor
 *   BENCH_SKIP=http,canvas,bundles,plan,reach,views,layouts,activity
 *   BENCH_ONLY=reach             only these parts (`load`: cold load and validation, which plan and http build on)
 *   BENCH_PORT=3400              first port of the bench's studios (default: ports the system picks)
 *   BENCH_OUT=bench/results.json
 *
 * Needs a current production build (`npx next build`) for the server, canvas, view and bundle figures.
 * Prints; never asserts.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { aggregateEdges } from "@/lib/graph/overview";
import type { Graph } from "@/schemas/graph";
import { resolvePaths, type StudioPaths } from "@/server/config";
import { OrgApi } from "@/server/org/org-api";
import { installConstruct } from "../test/support/construct-package";
import type { Studio } from "../test/support/processes";
import { APP_DIR } from "../test/support/temp-project";
import { measureActivity } from "./activity";
import { launchBrowser, measureBundle, measureCanvas, measureShifts, monacoDetectorWorks } from "./browser";
import { measureFirstView, measureHtml } from "./first-view";
import { specialistId, writeSyntheticOrg, writeSyntheticProfiles } from "./generate-org";
import { measureHttp } from "./http";
import { editedSpecialist, measureColdLoad, measureInProcess } from "./in-process";
import { compareLayouts } from "./layouts";
import { measureMemory } from "./memory";
import { measurePages, type PagesResults } from "./pages";
import { commitAndEdit, measurePlan } from "./plan";
import { measureReach } from "./reach";
import {
  BUILT_IN,
  type OrgRow,
  type Results,
  ROUTES,
  report,
  THOUSAND,
  targets,
  UPSTREAM,
  type ViewRow,
} from "./report";
import { round } from "./stats";
import { startBenchStudio } from "./studio";

const list = (v: string | undefined, fallback: number[]) =>
  v
    ? v
        .split(",")
        .map((s) => Number(s.trim()))
        .filter((n) => n > 0)
    : fallback;
const SIZES = list(process.env.BENCH_SIZES, [100, 1000, 10000]);
const CANVAS = list(process.env.BENCH_CANVAS, [100, 1000]);
const VIEW = list(process.env.BENCH_VIEW, [1000]);
const PAN_MS = Number(process.env.BENCH_PAN_MS ?? 60_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const names = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const PARTS = ["load", "http", "canvas", "bundles", "plan", "reach", "views", "layouts", "pages", "activity"];
/** The org sizes every page of the navigation is measured at, and the 2.x project's worker profiles. */
const PAGE_SIZES = list(process.env.BENCH_PAGES, [1000, 10000]);
const ACTIVITY = list(process.env.BENCH_ACTIVITY, [100_000, 1_000_000]);
const ONLY = names(process.env.BENCH_ONLY);
const SKIP = new Set([
  ...names(process.env.BENCH_SKIP),
  ...(ONLY.length ? PARTS.filter((p) => !ONLY.includes(p)) : []),
]);
const OUT = path.resolve(APP_DIR, process.env.BENCH_OUT ?? "bench/results.json");
/** A fixed port once let the bench measure another server's org: by default the system picks free ones. */
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
let studios = 0;
const nextPort = () => (PORT === undefined ? undefined : PORT + studios++);
const UPSTREAM_ORG = path.resolve(APP_DIR, process.env.BENCH_UPSTREAM ?? "../shared/fixtures/upstream-org");

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

type Project = { root: string; home: string; xdg: string };

function newProject(size: number | string): Project {
  const root = mkdtempSync(path.join(os.tmpdir(), `studio-bench-${size}-`));
  const home = path.join(root, "home");
  const xdg = path.join(root, "xdg");
  mkdirSync(home);
  mkdirSync(xdg);
  mkdirSync(path.join(root, ".cx", "org"), { recursive: true });
  return { root, home, xdg };
}

const pathsOf = (project: Project): StudioPaths =>
  resolvePaths({ root: project.root, home: project.home, appDir: APP_DIR, configHome: project.xdg });

/** The org's graph as the server will answer it, computed in this process from the files written. */
async function graphOf(project: Project): Promise<Graph> {
  const api = new OrgApi(pathsOf(project));
  try {
    return await api.graph();
  } finally {
    api.close();
  }
}

/** What a studio of this project must serve: exactly the graph the files written give. */
const sizeOf = (graph: Graph) => ({
  nodes: graph.nodes.length,
  specialists: graph.nodes.filter((n) => n.kind === "specialist").length,
});

async function main() {
  const needsServer = ["http", "canvas", "bundles", "views", "pages"].some((s) => !SKIP.has(s));
  if (needsServer && !existsSync(path.join(APP_DIR, ".next", "BUILD_ID")))
    throw new Error("no production build: run `npx next build` first (or BENCH_SKIP=http,canvas,bundles,views)");
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
    v2: {},
    canvas: {},
    bundles: {},
    shifts: {},
    views: {},
    layouts: {},
    reach: {},
    activity: {},
    targets: [],
  };
  const needsBrowser =
    (!SKIP.has("canvas") && CANVAS.length > 0) || !SKIP.has("bundles") || !SKIP.has("views") || !SKIP.has("pages");
  const browser = needsBrowser ? await launchBrowser() : null;
  const temps: string[] = [];
  try {
    for (const [n, size] of SIZES.entries()) {
      const project = newProject(size);
      temps.push(project.root);
      log(`${size} specialists: writing the synthetic org`);
      const written = writeSyntheticOrg(project.root, size);
      const paths = pathsOf(project);

      if (!SKIP.has("reach") && size >= 1000) {
        log(`${size}: reach of one, of all, and the plan with reach`);
        results.reach[size] = await measureReach(paths, size, RUNS);
      }
      // The bundles need a server of this org but none of the load figures the HTTP row builds on.
      let row: OrgRow | undefined;
      if (!SKIP.has("load")) {
        log(`${size}: cold load, validation`);
        const inProcess = await measureInProcess(paths, size, RUNS);
        row = { ...inProcess, files: written.files, megabytes: round(written.bytes / 1e6) };
        results.org[size] = row;

        // Last for this org: it makes the project a git repository and edits it.
        if (!SKIP.has("plan") && size >= 1000) {
          log(`${size}: plan against HEAD`);
          commitAndEdit(project.root, size);
          Object.assign(row, await measurePlan(paths, Math.min(RUNS, 3)));
        }
      }

      const wantsServer = (row && !SKIP.has("http")) || (!SKIP.has("bundles") && n === 0);
      if (!wantsServer) continue;
      let studio: Studio | null = null;
      try {
        studio = await startBenchStudio(project, sizeOf(await graphOf(project)), nextPort());
        if (row && !SKIP.has("http")) {
          log(`${size}: HTTP`);
          const draft = await draftFor(paths, size);
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
    if (!SKIP.has("load"))
      for (const size of SIZES) {
        const project = newProject(`v2-${size}`);
        temps.push(project.root);
        log(`${size} worker profiles of a Construct 2.x project: cold load`);
        installConstruct(project.root);
        const written = writeSyntheticProfiles(project.root, size);
        const paths = pathsOf(project);
        if (paths.construct.generation !== "2")
          throw new Error(`not opened as Construct 2.x: ${paths.construct.reason}`);
        results.v2[size] = {
          ...(await measureColdLoad(paths, RUNS)),
          files: written.files,
          megabytes: round(written.bytes / 1e6),
        };
      }
    if (!SKIP.has("activity"))
      for (const lines of ACTIVITY) {
        log(`activity: ${lines} audit-trail lines read, verified and summarised, against the floor`);
        results.activity[lines] = await measureActivity(lines, Math.min(RUNS, 3));
      }
    if (browser && !SKIP.has("canvas")) {
      for (const nodes of CANVAS) {
        const project = newProject(nodes);
        temps.push(project.root);
        const specialists = await specialistsForNodes(project, nodes);
        // Unfolded: a big org opens with its teams folded, and this row measures every node on the canvas.
        mkdirSync(path.join(project.root, ".cx", "studio"), { recursive: true });
        writeFileSync(
          path.join(project.root, ".cx", "studio", "layout.json"),
          `${JSON.stringify({ version: 1, positions: {}, collapsed: [] })}\n`,
        );
        const graph = await graphOf(project);
        const size = sizeOf(graph);
        log(`canvas at ${size.nodes} nodes (${specialists} specialists) in Chromium`);
        // The org measured must be the one generated: a figure of another org would be a lie.
        const studio = await startBenchStudio(project, size, nextPort());
        try {
          results.canvas[nodes] = {
            ...(await measureCanvas(browser, studio.origin, size.nodes, graph.edges.length, {
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
    if (!SKIP.has("views") || !SKIP.has("layouts")) {
      const orgs: [string, (project: Project) => void][] = [
        [BUILT_IN, () => {}],
        [UPSTREAM, (p) => cpSync(UPSTREAM_ORG, path.join(p.root, ".cx", "org"), { recursive: true })],
        ...VIEW.map((n): [string, (project: Project) => void] => [
          n === 1000 ? THOUSAND : `${n} specialists`,
          (p) => writeSyntheticOrg(p.root, n),
        ]),
      ];
      for (const [org, fill] of orgs) {
        if (org === UPSTREAM && !existsSync(UPSTREAM_ORG)) {
          log(`upstream org: skipped, no fixture at ${UPSTREAM_ORG} (BENCH_UPSTREAM names another folder)`);
          continue;
        }
        const project = newProject(org.replace(/\W+/g, "-"));
        temps.push(project.root);
        fill(project);
        const graph = await graphOf(project);
        const size = sizeOf(graph);
        const row: ViewRow = {
          specialists: size.specialists,
          nodes: size.nodes,
          relationships: graph.edges.filter((e) => e.kind !== "member").length,
          teamPairs: aggregateEdges(graph).length,
        };
        results.views[org] = row;
        if (!SKIP.has("layouts")) {
          log(`${org}: our layout vs. ELK layered, in Node`);
          results.layouts[org] = await compareLayouts(graph, Math.min(RUNS, 3));
        }
        if (browser && !SKIP.has("views")) {
          log(`${org}: first view at 1440 × 900 in Chromium`);
          const studio = await startBenchStudio(project, size, nextPort());
          try {
            Object.assign(row, await measureHtml(studio.origin), await measureFirstView(browser, studio.origin));
            log(`${org}: layout shift of each page`);
            results.shifts[org] = {};
            for (const route of ROUTES) results.shifts[org][route] = await measureShifts(browser, studio.origin, route);
            if (org !== BUILT_IN && org !== UPSTREAM) {
              log(`${org}: first-view bytes, DOM and heap, then ${PAN_MS / 1000} s of panning`);
              Object.assign(row, await measureMemory(browser, studio.origin, PAN_MS));
            }
          } finally {
            await studio.kill();
          }
        }
      }
    }
    if (browser && !SKIP.has("pages")) results.pages = await benchPages(browser, temps);
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
async function specialistsForNodes(project: Project, nodes: number): Promise<number> {
  const count = async (specialists: number) => {
    rmSync(path.join(project.root, ".cx"), { recursive: true, force: true });
    writeSyntheticOrg(project.root, specialists);
    return (await graphOf(project)).nodes.length;
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

/** Every page at each size of specialists, then at the smallest size as worker profiles of a `construct init`-like project. */
async function benchPages(browser: Browser, temps: string[]): Promise<PagesResults> {
  const pages: PagesResults = {};
  const orgs: [string, (p: Project) => void][] = [
    ...PAGE_SIZES.map((n): [string, (p: Project) => void] => [String(n), (p) => writeSyntheticOrg(p.root, n)]),
    [
      `v2-${PAGE_SIZES[0]}`,
      (p) => {
        installConstruct(p.root);
        writeSyntheticProfiles(p.root, PAGE_SIZES[0]);
      },
    ],
  ];
  for (const [org, fill] of orgs) {
    const project = newProject(`pages-${org}`);
    temps.push(project.root);
    fill(project);
    log(`${org}: every page of the navigation`);
    const studio = await startBenchStudio(project, sizeOf(await graphOf(project)), nextPort());
    try {
      for (const [href, figures] of Object.entries(await measurePages(browser, studio.origin, Math.min(RUNS, 3)))) {
        pages[href] ??= {};
        pages[href][org] = figures;
      }
    } finally {
      await studio.kill();
    }
  }
  return pages;
}

async function draftFor(paths: StudioPaths, size: number) {
  const api = new OrgApi(paths);
  const snap = await api.snapshot();
  return editedSpecialist(snap.rows.specialists.get(specialistId(Math.ceil(size / 2)))!.record, size);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
