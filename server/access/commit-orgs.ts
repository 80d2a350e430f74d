import { createHash } from "node:crypto";
import path from "node:path";
import { type AccessGraph, accessGraph } from "@/lib/access/graph";
import type { Section } from "@/schemas/kinds";
import { recordsOf } from "../org/merge";
import type { OrgApi } from "../org/org-api";
import type { TierReader } from "../org/org-state";
import { type TierBlob, type TierData, tierFolders, tierFromBlobs } from "../org/tiers";
import { listTree, type Repo, readBlobs, realish, type TreeEntry, within } from "../plan/git-org";
import type { ReadResult } from "../store/read";

/** Orgs kept by their tier files' ids: a commit and its parent usually hold the same tiers. */
const KEEP_GRAPHS = 8;

type Tier = { rel: string; dir: string };

/**
 * The org's access graph at any commit, read as `plan` reads a revision: the project tier (and the
 * user tier, when the repository holds it) from git's objects, the built-in tier as installed. Blobs
 * and their parses are kept by id, so a long walk reads and parses each version of a file once.
 */
export class CommitOrgs {
  /** What `git log` is limited to: the folders whose change can change the org. */
  readonly pathspecs: string[];
  private readonly construct: string;
  private readonly cx: string;
  private readonly user: Tier | null;
  private readonly content = new Map<string, Buffer>();
  private readonly parsed = new Map<string, ReadResult>();
  private readonly graphs = new Map<string, AccessGraph>();
  private readonly byCommit = new Map<string, AccessGraph>();
  private readonly onDisk = new Map<string, Promise<TierData>>();

  constructor(
    private readonly org: OrgApi,
    private readonly repo: Repo,
  ) {
    const join = (...parts: string[]) => parts.filter(Boolean).join("/");
    const rootRel = repo.prefix.replace(/\/$/, "");
    this.construct = join(rootRel, ".construct");
    this.cx = join(rootRel, ".cx/org");
    const top = realish(repo.top);
    const userReal = realish(org.paths.userOrgDir);
    this.user = within(top, userReal)
      ? { rel: path.relative(top, userReal).split(path.sep).join("/"), dir: org.paths.userOrgDir }
      : null;
    this.pathspecs = [this.construct, this.cx, ...(this.user ? [this.user.rel] : [])];
  }

  /** The access graph at `commit`; null is the org before the first commit (no project or user files). */
  async graphAt(commit: string | null): Promise<AccessGraph> {
    // Newest first, a commit's parent is usually the next commit asked for.
    const key = commit ?? "";
    let graph = this.byCommit.get(key);
    if (!graph) {
      graph = await this.read(commit);
      this.byCommit.set(key, graph);
      if (this.byCommit.size > KEEP_GRAPHS) this.byCommit.delete(this.byCommit.keys().next().value ?? "");
    }
    return graph;
  }

  private async read(commit: string | null): Promise<AccessGraph> {
    const entries = commit ? await listTree(this.repo, commit, this.pathspecs) : [];
    const hasConstruct = entries.some((e) => e.path.startsWith(`${this.construct}/`));
    const projectRel = hasConstruct ? `${this.construct}/org` : this.cx;
    const project = this.tierEntries(entries, projectRel, "project");
    const user = this.user ? this.tierEntries(entries, this.user.rel, "user") : [];
    const signature = createHash("sha1").update(projectRel).update("\0");
    for (const { entry } of [...project, ...user]) signature.update(`${entry.mode} ${entry.oid} ${entry.path}\0`);
    const key = signature.digest("hex");
    const known = this.graphs.get(key);
    if (known) {
      this.graphs.delete(key);
      this.graphs.set(key, known);
      return known;
    }
    await this.fetchBlobs([...project, ...user].map((w) => w.entry));
    const root = this.org.paths.root;
    const projectDir = path.join(root, hasConstruct ? ".construct" : ".cx", "org");
    const read: TierReader = async (scope, dir, displayBase) => {
      if (scope === "project") return tierFromBlobs(scope, projectDir, displayBase, this.blobs(project), this.parsed);
      if (scope === "user" && this.user) return tierFromBlobs(scope, dir, displayBase, this.blobs(user), this.parsed);
      // The built-in tier is as installed, and a user tier outside the repository is as it is today.
      let tier = this.onDisk.get(scope);
      if (!tier) {
        tier = this.org.readTier(scope, dir, displayBase);
        this.onDisk.set(scope, tier);
      }
      return tier;
    };
    const snap = await this.org.snapshotFrom(read);
    const graph = accessGraph(recordsOf(snap.rows));
    this.graphs.set(key, graph);
    if (this.graphs.size > KEEP_GRAPHS) {
      const oldest = this.graphs.keys().next().value;
      if (oldest !== undefined) this.graphs.delete(oldest);
    }
    return graph;
  }

  /** The files of one tier at `rel`, in the folders its generation reads. */
  private tierEntries(entries: readonly TreeEntry[], rel: string, scope: "project" | "user") {
    const sections = new Set<string>(tierFolders(this.org.paths.construct.generation, scope).map((f) => f.section));
    const out: { section: Section; name: string; entry: TreeEntry }[] = [];
    for (const entry of entries) {
      if (!entry.path.startsWith(`${rel}/`) || entry.type !== "blob") continue;
      const inner = entry.path.slice(rel.length + 1).split("/");
      if (inner.length === 2 && sections.has(inner[0]))
        out.push({ section: inner[0] as Section, name: inner[1], entry });
    }
    return out;
  }

  private async fetchBlobs(entries: readonly TreeEntry[]): Promise<void> {
    const missing = entries.filter((e) => e.mode !== "120000" && !this.content.has(e.oid)).map((e) => e.oid);
    for (const [oid, bytes] of await readBlobs(this.repo, missing)) this.content.set(oid, bytes);
  }

  private blobs(wanted: readonly { section: Section; name: string; entry: TreeEntry }[]): TierBlob[] {
    return wanted.map(({ section, name, entry }) => ({
      section,
      name,
      content: this.content.get(entry.oid) ?? null,
      symlink: entry.mode === "120000",
      oid: entry.oid,
    }));
  }
}
