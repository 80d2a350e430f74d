import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type AccessGraph, accessGraph, type Principal } from "@/lib/access/graph";
import { reachOf } from "@/lib/access/reach";
import { reachChanges, reachKeysAll } from "@/lib/access/reach-all";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { computePlan, type PlanSide } from "@/lib/plan/plan";
import { REACH_LISTS } from "@/schemas/access";
import { type EntityRecord, type OrgRecords, SECTIONS } from "@/schemas/kinds";
import { AccessHistoryService } from "@/server/access/history";
import type { StudioPaths } from "@/server/config";
import { recordsOf } from "@/server/org/merge";
import { OrgApi } from "@/server/org/org-api";
import { specialistId } from "./generate-org";
import { median, sampleAlternately } from "./stats";

export type ReachFigures = {
  principals: number;
  /** Handoff and contract steps between principals. */
  steps: number;
  /** `accessGraph` from the merged records (the canvas's edges included). */
  graphMs: number;
  /**
   * `reachOf` the middle specialist, against a breadth-first walk over the same steps that gathers the
   * distinct entries of every fence it meets; and that walk without the entries.
   */
  reachOneMs: number;
  walkOneMs: number;
  plainWalkOneMs: number;
  reachOneEntries: number;
  /** `reachKeysAll`, against one pass over every principal, its steps and its fence's entries; and without the entries. */
  reachAllMs: number;
  walkAllMs: number;
  plainWalkAllMs: number;
  /**
   * `computePlan`, reach included, from two orgs it has not seen; its reach share (both access graphs
   * and `reachChanges`, the canvas edges given) is timed alone, and the plan without reach is the difference.
   */
  planMs: number;
  planReachShareMs: number;
  /** Specialists whose reach widens: `summary.reachWidens`. */
  reachWidens: number;
  /**
   * The access history of the middle specialist over `historyCommits` commits that each widen one
   * specialist, per commit, against one `git cat-file --batch` reading every org file of every
   * commit looked at (the blobs a history that reads each commit's org whole must have).
   */
  historyCommits?: number;
  historyMsPerCommit?: number;
  historyFloorMsPerCommit?: number;
};

/** The distinct entries of each list: what a reach's answer is made of. */
const gathered = () => REACH_LISTS.map(() => new Set<string>());
function gather(into: Set<string>[], p: Principal | undefined): void {
  if (p) for (const [k, list] of REACH_LISTS.entries()) for (const entry of p.fence[list]) into[k].add(entry);
}

/**
 * The floor of a reach of one: everyone the start reaches, and the distinct entries their fences hold,
 * with no path or text recorded on the way. `plain` leaves out the entries (printed beside it).
 */
function walkFrom(graph: AccessGraph, start: string, plain = false): number {
  const seen = new Set([start]);
  const queue = [start];
  const held = gathered();
  for (let i = 0; i < queue.length; i++) {
    if (!plain) gather(held, graph.principals.get(queue[i]));
    for (const step of graph.out.get(queue[i]) ?? []) {
      const next = graph.byId.get(step.to)?.node;
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.size + held.reduce((n, set) => n + set.size, 0);
}

/** The floor of a reach of all: one pass over every principal, its steps and its fence's entries. */
function walkAll(graph: AccessGraph, plain = false): number {
  let visited = 0;
  const held = gathered();
  for (const [node, p] of graph.principals) {
    visited++;
    if (!plain) gather(held, p);
    for (const step of graph.out.get(node) ?? []) if (graph.byId.has(step.to)) visited++;
  }
  return visited + held.reduce((n, set) => n + set.size, 0);
}

/** A command line the fence grants (a push or commit line grants nothing, so it would widen no reach). */
const WIDER = "npm publish";

/**
 * One specialist in a hundred may also run `npm publish`, in memory. The synthetic org's handoffs
 * link every specialist to every other, so each of them gains it.
 */
function widened(org: OrgRecords, specialists: number): { org: OrgRecords; changed: Set<string> } {
  const next: OrgRecords = { ...org, specialists: { ...org.specialists } };
  const changed = new Set<string>();
  for (let i = 1; i <= Math.max(1, Math.floor(specialists / 100)); i++) {
    const id = specialistId((i * 97) % specialists || 1);
    const record = next.specialists[id] as EntityRecord;
    const fence = record.fence as { allowedCommands?: string[] };
    next.specialists[id] = {
      ...record,
      fence: { ...fence, allowedCommands: [...(fence.allowedCommands ?? []), WIDER] },
    };
    changed.add(`specialists/${id}`);
  }
  return { org: next, changed };
}

const versionsOf = (org: OrgRecords, changed: ReadonlySet<string>) =>
  Object.fromEntries(
    SECTIONS.flatMap((s) => Object.keys(org[s]).map((id) => [`${s}/${id}`, changed.has(`${s}/${id}`) ? "2" : "1"])),
  );

const HISTORY_COMMITS = 10;
/** History rebuilds the org at every commit: at 10,000 specialists that is minutes of a bench run. */
const HISTORY_MAX_SPECIALISTS = 1000;

function gitIn(root: string, args: string[], input?: string): string {
  return execFileSync("git", ["-c", "init.defaultBranch=main", "-c", "commit.gpgSign=false", ...args], {
    cwd: root,
    input,
    encoding: "utf8",
    maxBuffer: 1 << 30,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Bench",
      GIT_AUTHOR_EMAIL: "bench@example.com",
      GIT_COMMITTER_NAME: "Bench",
      GIT_COMMITTER_EMAIL: "bench@example.com",
    },
  });
}

/**
 * History over commits made in the project, each widening one specialist on disk; the project is
 * left as it was (its files restored, no repository), since later parts of the bench read it.
 */
async function measureHistory(
  api: OrgApi,
  specialists: number,
  id: string,
  runs: number,
): Promise<Pick<ReachFigures, "historyCommits" | "historyMsPerCommit" | "historyFloorMsPerCommit">> {
  const root = api.paths.root;
  gitIn(root, ["init", "-q"]);
  try {
    gitIn(root, ["add", "-A", ".cx"]);
    gitIn(root, ["commit", "-qm", "the synthetic org"]);
    for (let i = 1; i <= HISTORY_COMMITS; i++) {
      const file = path.join(root, ".cx", "org", "specialists", `${specialistId((i * 97) % specialists || 1)}.json`);
      const record = JSON.parse(readFileSync(file, "utf8"));
      record.fence.allowedCommands.push(`${WIDER} --tag t${i}`);
      writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
      gitIn(root, ["commit", "-qam", `widen ${i}`]);
    }
    const commits = gitIn(root, ["rev-list", "HEAD"]).trim().split("\n");
    // Every org file of every commit, named as <commit>:<path>, read by one process.
    const names = commits
      .flatMap((c) =>
        gitIn(root, ["ls-tree", "-r", "--name-only", c, "--", ".cx/org"])
          .trim()
          .split("\n")
          .map((f) => `${c}:${f}`),
      )
      .join("\n");
    const history = () => new AccessHistoryService(api).history(id);
    const floor = () => gitIn(root, ["cat-file", "--batch"], `${names}\n`).length;
    const [ran, floors] = await sampleAlternately([history, floor], { runs, warmup: 1 });
    const scanned = (await history()).scanned;
    return {
      historyCommits: scanned,
      historyMsPerCommit: median(ran) / scanned,
      historyFloorMsPerCommit: median(floors) / scanned,
    };
  } finally {
    gitIn(root, ["checkout", "-q", `HEAD~${HISTORY_COMMITS}`, "--", ".cx"]);
    rmSync(path.join(root, ".git"), { recursive: true, force: true });
  }
}

/**
 * Reach and its floor run for milliseconds: after one warm-up, a five-run median timed the reach's
 * many functions before the engine had compiled them, against a walk of one loop compiled at once.
 * Both get the same warm-ups (thirty: fewer left the Tarjan loop of a reach of all unoptimised at 1,000
 * specialists) and more runs, so the figure is the code's, not its compiler's.
 */
const WALKS = { runs: 21, warmup: 30 };

export async function measureReach(paths: StudioPaths, specialists: number, runs: number): Promise<ReachFigures> {
  const api = new OrgApi(paths);
  try {
    const snap = await api.snapshot();
    const org = recordsOf(snap.rows);
    const [graphRuns] = await sampleAlternately([() => accessGraph(org)], { runs, warmup: 1 });
    const graph = accessGraph(org);
    const start = specialistId(Math.ceil(specialists / 2));
    const startNode = graph.byId.get(start)?.node;
    if (!startNode) throw new Error(`the synthetic org has no ${start}`);
    const [one, walkOne, plainOne] = await sampleAlternately(
      [() => reachOf(graph, start), () => walkFrom(graph, startNode), () => walkFrom(graph, startNode, true)],
      WALKS,
    );
    // A copy per run: reachKeysAll keeps its answer per graph object, and this times the computing.
    const [all, walk, plainAll] = await sampleAlternately(
      [() => reachKeysAll({ ...graph }), () => walkAll(graph), () => walkAll(graph, true)],
      WALKS,
    );

    const problems = api.problemsOf(snap);
    const after = widened(org, specialists);
    const before: PlanSide = { org, problems, versions: versionsOf(org, new Set()) };
    const afterSide: PlanSide = { org: after.org, problems, versions: versionsOf(after.org, after.changed) };
    const against = { kind: "git" as const, ref: "HEAD" };
    // New org objects each run: the plan keeps each side's graphs per object, and a CLI run starts with none.
    const plan = () =>
      computePlan({ ...before, org: { ...before.org } }, { ...afterSide, org: { ...afterSide.org } }, { against });
    const edges = [orgToGraph({ org: before.org }).edges, orgToGraph({ org: after.org }).edges];
    const reachShare = () => reachChanges(accessGraph(before.org, edges[0]), accessGraph(after.org, edges[1]));
    const [planRuns, shareRuns] = await sampleAlternately([plan, reachShare], { runs, warmup: 1 });
    return {
      principals: graph.principals.size,
      steps: [...graph.out.values()].reduce((n, s) => n + s.length, 0),
      graphMs: median(graphRuns),
      reachOneMs: median(one),
      walkOneMs: median(walkOne),
      plainWalkOneMs: median(plainOne),
      reachOneEntries: reachOf(graph, start)?.entries.length ?? 0,
      reachAllMs: median(all),
      walkAllMs: median(walk),
      plainWalkAllMs: median(plainAll),
      planMs: median(planRuns),
      planReachShareMs: median(shareRuns),
      reachWidens: plan().summary.reachWidens,
      ...(specialists <= HISTORY_MAX_SPECIALISTS ? await measureHistory(api, specialists, start, runs) : {}),
    };
  } finally {
    api.close();
  }
}
