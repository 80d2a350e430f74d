import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { computePlan } from "@/lib/plan/plan";
import type { StudioPaths } from "@/server/config";
import { recordsOf, type Snapshot } from "@/server/org/merge";
import { OrgApi } from "@/server/org/org-api";
import { gitTierReader, repoOf, resolveRevision } from "@/server/plan/git-org";
import { PlanService } from "@/server/plan/plan-service";
import { specialistId } from "./generate-org";
import { median, sampleAlternately } from "./stats";

export type PlanFigures = {
  /** `PlanService.plan("HEAD")` from nothing: both orgs loaded and validated, then diffed. */
  planMs: number;
  /** The floor: loading the two orgs (the work tree's, and HEAD's from git objects), nothing else. */
  planFloorMs: number;
  /** The diff alone, on two orgs already loaded and validated. */
  planDiffMs: number;
  planChanges: number;
  planWidens: number;
};

/**
 * Commits the synthetic org, then widens the fence of one specialist in a hundred in the work
 * tree: the change a plan has to find. The repository is the project's, in its temporary folder.
 */
export function commitAndEdit(root: string, specialists: number): number {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.email=bench@example.com", "-c", "user.name=Bench", ...args], {
      cwd: root,
      stdio: "ignore",
    });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "synthetic org");
  const edited = Math.max(1, Math.floor(specialists / 100));
  for (let i = 1; i <= edited; i++) {
    const file = path.join(root, ".cx", "org", "specialists", `${specialistId((i * 97) % specialists || 1)}.json`);
    const record = JSON.parse(readFileSync(file, "utf8"));
    record.fence = { ...record.fence, allowedCommands: [...(record.fence.allowedCommands ?? []), "git push --force"] };
    writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  }
  return edited;
}

export async function measurePlan(paths: StudioPaths, runs: number): Promise<PlanFigures> {
  const loadBoth = async (): Promise<[Snapshot, Snapshot, OrgApi]> => {
    const api = new OrgApi(paths);
    const repo = await repoOf(paths.root);
    if ("none" in repo) throw new Error(repo.none);
    const commit = await resolveRevision(repo, "HEAD");
    const reader = await gitTierReader(repo, commit, "HEAD", paths.root, api.readTier, paths.adapter.tiers);
    return [await api.snapshot(), await api.snapshotFrom(reader.read), api];
  };
  const [plan, floor] = await sampleAlternately(
    [() => new PlanService(new OrgApi(paths)).plan("HEAD"), () => loadBoth()],
    { runs, warmup: 1 },
  );
  const [now, then, api] = await loadBoth();
  const side = (snap: Snapshot) => ({
    org: recordsOf(snap.rows),
    problems: api.problemsOf(snap),
    versions: Object.fromEntries(
      (["groups", "teams", "specialists", "contracts", "policies"] as const).flatMap((s) =>
        [...snap.rows[s]].map(([id, row]) => [`${s}/${id}`, row.etag]),
      ),
    ),
  });
  const before = side(then);
  const after = side(now);
  const against = { kind: "git" as const, ref: "HEAD" };
  const [diff] = await sampleAlternately([() => computePlan(before, after, { against })], { runs, warmup: 1 });
  const result = computePlan(before, after, { against });
  return {
    planMs: median(plan),
    planFloorMs: median(floor),
    planDiffMs: median(diff),
    planChanges: result.changes.length,
    planWidens: result.summary.widens,
  };
}
