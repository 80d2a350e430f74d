import { type AccessChange, accessChanges, commonChanges } from "@/lib/access/history";
import type { AccessHistory, AccessHistoryEntry } from "@/schemas/access";
import { AppError } from "../errors";
import type { OrgApi } from "../org/org-api";
import { git, type Repo, repoOf } from "../plan/git-org";
import { CommitOrgs } from "./commit-orgs";
import { GitObjects } from "./git-objects";

/** Commits looked at when the caller names no limit, and the most it may name. */
export const HISTORY_LIMIT = { default: 200, max: 2000 } as const;

/** `--limit N` / `?limit=N`: a whole number of commits; absent means the default. */
export function parseLimit(raw: string | null | undefined): number | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
    throw new AppError(
      "bad_request",
      `limit ${JSON.stringify(raw.slice(0, 40))} is not a whole number of commits, 1 or more`,
    );
  return Number(raw);
}

type LoggedCommit = { commit: string; parents: string[]; date: string; author: string; subject: string };

const FIELD = "\x1f";
const RECORD = "\x1e";

async function run(repo: Repo, args: string[]): Promise<string> {
  // Tier folders are paths, never patterns: a project folder named `[draft]` matches only itself. A
  // user's `log.showSignature` would mix gpg's lines into the log read here.
  const result = await git(repo.top, ["--literal-pathspecs", "-c", "log.showSignature=false", ...args]);
  if (result.code !== 0) throw new AppError("io", `git ${args[0]} failed: ${result.stderr}`);
  return result.stdout.toString("utf8");
}

export async function commitsTouching(repo: Repo, pathspecs: string[], limit: number): Promise<LoggedCommit[]> {
  const format = ["%H", "%P", "%aI", "%an", "%s"].join("%x1f");
  const out = await run(repo, ["log", `--format=${format}%x1e`, `--max-count=${limit}`, "HEAD", "--", ...pathspecs]);
  return out
    .split(RECORD)
    .map((r) => r.replace(/^\n/, ""))
    .filter(Boolean)
    .map((r) => {
      const [commit, parents, date, author, subject] = r.split(FIELD);
      return { commit, parents: parents ? parents.split(" ") : [], date, author, subject };
    });
}

/** A commit whose parents a shallow clone left out: the clone's history starts there. */
async function isShallowBoundary(objects: GitObjects, commit: string): Promise<boolean> {
  const object = await objects.read(commit);
  return !!object && /^parent /m.test(object.content.toString("utf8"));
}

/** "git blame for access": the commits that widened or narrowed what one specialist can do, newest first. */
export class AccessHistoryService {
  constructor(private readonly org: OrgApi) {}

  async history(id: string, opts: { limit?: number } = {}): Promise<AccessHistory> {
    const limit = opts.limit ?? HISTORY_LIMIT.default;
    if (!Number.isInteger(limit) || limit < 1)
      throw new AppError("bad_request", `the limit must be a whole number of commits, 1 or more (got ${limit})`);
    const now = await this.org.snapshot();
    const knownNow = now.rows.specialists.has(id) || now.rows["worker-profiles"].has(id);
    const unknown = (where: string) =>
      new AppError("not_found", `no specialist or worker profile "${id.slice(0, 80)}" in the org now${where}`);
    const nothing = (note: string): AccessHistory => {
      if (!knownNow) throw unknown("");
      return { id, entries: [], scanned: 0, more: 0, shallow: false, note };
    };

    const repo = await repoOf(this.org.paths.root);
    if ("none" in repo) return nothing(`${repo.none}, so there is no history to read`);
    const head = await git(repo.top, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
    if (head.code !== 0) return nothing(`the git repository ${repo.top} has no commits yet`);
    const shallow = (await run(repo, ["rev-parse", "--is-shallow-repository"])).trim() === "true";

    const objects = new GitObjects(repo);
    const orgs = new CommitOrgs(this.org, repo, objects);
    const entries: AccessHistoryEntry[] = [];
    let commits: LoggedCommit[];
    let total: number;
    try {
      commits = await commitsTouching(repo, orgs.pathspecs, Math.min(limit, HISTORY_LIMIT.max));
      total = Number((await run(repo, ["rev-list", "--count", "HEAD", "--", ...orgs.pathspecs])).trim());
      for (const c of commits) {
        const changes = await this.changesIn(id, c, orgs, objects, shallow);
        if (changes.length)
          entries.push({ commit: c.commit, date: c.date, author: c.author, subject: c.subject, changes });
      }
    } finally {
      await objects.close();
    }
    if (!knownNow && !entries.length) throw unknown(` nor in the ${commits.length} commit(s) looked at`);
    return { id, entries, scanned: commits.length, more: Math.max(0, total - commits.length), shallow };
  }

  private async changesIn(
    id: string,
    c: LoggedCommit,
    orgs: CommitOrgs,
    objects: GitObjects,
    shallow: boolean,
  ): Promise<AccessChange[]> {
    // The oldest commit of a shallow clone is where its history starts: there is nothing to compare it with.
    if (!c.parents.length && shallow && (await isShallowBoundary(objects, c.commit))) return [];
    const after = await orgs.graphAt(c.commit);
    const perParent: AccessChange[][] = [];
    for (const parent of c.parents.length ? c.parents : [null])
      perParent.push(accessChanges(id, await orgs.graphAt(parent), after));
    return commonChanges(perParent);
  }
}
