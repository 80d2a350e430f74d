import type { EffectiveFence } from "@/schemas/fence";
import { CommitOrgs } from "../access/commit-orgs";
import { GitObjects } from "../access/git-objects";
import { commitsTouching, HISTORY_LIMIT } from "../access/history";
import type { OrgApi } from "../org/org-api";
import { git, repoOf } from "../plan/git-org";
import type { FenceHistory } from "./activity-service";

/**
 * The fence each worker profile had at any time, from the commits that changed the org (read as
 * `access --history` reads them): a record is judged by the fence of the newest commit at or before
 * its time. Before the first commit, and outside git, there is no such fence and today's is used.
 */
export class GitFenceHistory implements FenceHistory {
  constructor(private readonly org: OrgApi) {}

  async load(ids: readonly string[]) {
    const none = (note: string) => ({ fenceAt: null, note });
    const repo = await repoOf(this.org.paths.root);
    if ("none" in repo) return none(`${repo.none}: breaches are judged by today's fences`);
    const head = await git(repo.top, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
    if (head.code !== 0) return none("the repository has no commits yet: breaches are judged by today's fences");
    const objects = new GitObjects(repo);
    const orgs = new CommitOrgs(this.org, repo, objects);
    // Oldest first: a time is placed by the last commit at or before it.
    const steps: { time: number; fences: Map<string, EffectiveFence> }[] = [];
    try {
      const commits = await commitsTouching(repo, orgs.pathspecs, HISTORY_LIMIT.max);
      for (const c of commits.reverse()) {
        const graph = await orgs.graphAt(c.commit);
        const fences = new Map<string, EffectiveFence>();
        for (const id of ids) {
          const fence = graph.byId.get(id)?.fence;
          if (fence) fences.set(id, fence);
        }
        steps.push({ time: Date.parse(c.date), fences });
      }
    } finally {
      await objects.close();
    }
    const fenceAt = (id: string, time: number): EffectiveFence | null => {
      let lo = 0;
      let hi = steps.length - 1;
      let found = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (steps[mid].time <= time) {
          found = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      // A profile added later than the record, or a record older than history: no fence of the time.
      return found < 0 ? null : (steps[found].fences.get(id) ?? null);
    };
    return { fenceAt, note: null };
  }
}
