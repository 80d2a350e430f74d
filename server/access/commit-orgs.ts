import { createHash } from "node:crypto";
import path from "node:path";
import { type AccessGraph, accessGraph } from "@/lib/access/graph";
import type { Section } from "@/schemas/kinds";
import { recordsOf } from "../org/merge";
import type { OrgApi } from "../org/org-api";
import type { TierReader } from "../org/org-state";
import { type TierBlob, tierFromBlobs } from "../org/tier-blobs";
import type { TierData } from "../org/tiers";
import { type Repo, realish, type TreeEntry, within } from "../plan/git-org";
import type { ReadResult } from "../store/read";
import type { GitObjects } from "./git-objects";

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
    repo: Repo,
    /** The walk's one reader of git objects: trees and blobs, never a process per commit. */
    private readonly objects: GitObjects,
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
    const hasConstruct = !!commit && !!(await this.objects.treeAt(commit, this.construct))?.length;
    const projectRel = hasConstruct ? `${this.construct}/org` : this.cx;
    const project = commit ? await this.tierEntries(commit, projectRel, "project") : [];
    const user = commit && this.user ? await this.tierEntries(commit, this.user.rel, "user") : [];
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

  /** The files of one tier at `rel` in `commit`, in the folders its generation reads. */
  private async tierEntries(commit: string, rel: string, scope: "project" | "user") {
    const out: { section: Section; name: string; entry: TreeEntry }[] = [];
    const top = rel ? await this.objects.treeAt(commit, rel) : null;
    if (!top) return out;
    const sections = new Set<string>(this.org.paths.adapter.tiers.folders(scope).map((f) => f.section));
    for (const folder of top) {
      if (folder.type !== "tree" || !sections.has(folder.path)) continue;
      for (const file of await this.objects.tree(folder.oid))
        if (file.type === "blob")
          out.push({
            section: folder.path as Section,
            name: file.path,
            entry: { ...file, path: `${rel}/${folder.path}/${file.path}` },
          });
    }
    return out;
  }

  private async fetchBlobs(entries: readonly TreeEntry[]): Promise<void> {
    const missing = [
      ...new Set(entries.filter((e) => e.mode !== "120000" && !this.content.has(e.oid)).map((e) => e.oid)),
    ];
    const found = await Promise.all(missing.map((oid) => this.objects.read(oid)));
    for (const object of found) if (object?.type === "blob") this.content.set(object.oid, object.content);
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
