import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { buildPointer } from "@/lib/json/pointer";
import type { Accepted } from "@/lib/org/accepted";
import { type IndexContext, indexOf, type SchemaFileLookup } from "@/lib/org/org-index";
import type { FieldError } from "@/schemas/field-error";
import { type Scope, SECTIONS, WRITABLE_SCOPES } from "@/schemas/kinds";
import type { StudioPaths } from "../config";
import { promptFileLookup } from "../construct/prompt-file";
import { AppError, isAppError } from "../errors";
import type { PackService } from "../packs/pack-service";
import { withTierLock } from "../store/lock";
import { recoverTier, tierNeedsRecovery } from "../store/transaction";
import { type TreeWatcher, watchTree } from "../store/watch-tree";
import { fenceGlobsMatchingNothing } from "../tree/fence-globs";
import type { TreeFiles } from "../tree/tree-files";
import { emptyEntities, mergeTiers, type Rows, recordMapsOf, registryRefs, type Snapshot } from "./merge";
import { IGNORE_FILES, IGNORED_CHANGES, IGNORED_DIRS } from "./org-watch";
import { loadSkillFiles } from "./skills";
import { displayPath, type TierData, userPath } from "./tiers";

export type TierReader = (scope: "builtin" | "user" | "project", dir: string, displayBase: string) => Promise<TierData>;

export type OrgApiOptions = {
  /** Keep the org in memory between calls and refresh it when files change (the server). */
  cache?: boolean;
  /** Enabled packs join the org between the built-in and the user tier. */
  packs?: PackService;
  /** Problems of the project as a whole: git ignoring the project tier. */
  projectProblems?: () => Promise<FieldError[]>;
  /** The warnings the project accepts, read with the org so a changed list is a changed org. */
  accepted?: () => Promise<{ accepted: Accepted; problems: FieldError[] }>;
  /** The project's working tree, for fence globs that match no file in it. */
  treeFiles?: TreeFiles;
};

/** One project's org: its tiers, the cached merge, the watchers that invalidate it, crash recovery. */
export class OrgState {
  private loaded: { epoch: number; promise: Promise<Snapshot> } | null = null;
  private epoch = 0;
  /** Tells this process's generations from another's: a restarted server counts from 0 again. */
  private readonly boot = randomUUID().slice(0, 8);
  private recovery: Promise<void> | null = null;
  private recoveryWarnings = new Set<string>();
  private watchers = new Map<string, TreeWatcher>();
  private listeners = new Set<(event: { type: "org-changed" }) => void>();

  constructor(
    readonly paths: StudioPaths,
    private readonly options: OrgApiOptions = {},
  ) {}

  invalidate(): void {
    this.epoch++;
    for (const listener of this.listeners) listener({ type: "org-changed" });
  }

  /**
   * Changes whenever data read before may have changed, so equal versions let a client skip
   * refetching on reconnect. Null when changes are not watched.
   */
  version(): string | null {
    if (!this.options.cache || (this.loaded && this.watchers.size === 0)) return null;
    return `${this.boot}.${this.epoch}`;
  }

  onChange(listener: (event: { type: "org-changed" }) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  tierDir(scope: Scope): string {
    if (scope === "pack") throw new AppError("bad_request", "packs are not one tier: name a pack");
    return scope === "builtin"
      ? this.paths.builtinOrgDir
      : scope === "user"
        ? this.paths.userOrgDir
        : this.paths.projectOrgDir;
  }

  displayBase(scope: Scope): string {
    return scope === "builtin"
      ? this.paths.builtinDisplayBase
      : scope === "project" || scope === "pack"
        ? this.paths.root
        : path.dirname(this.paths.userOrgDir);
  }

  /** Finishes or discards writes a crashed process left; write paths await it before taking a tier lock. */
  recover(): Promise<void> {
    this.recovery ??= (async () => {
      let complete = true;
      for (const scope of WRITABLE_SCOPES) {
        const dir = this.tierDir(scope);
        if (!tierNeedsRecovery(dir)) continue;
        try {
          await withTierLock(dir, () => recoverTier(dir));
        } catch (error) {
          // A read-only or full tier can still be read; recovery is retried next call, so no write runs before it.
          if (!isAppError(error) || (error.code !== "read_only" && error.code !== "storage_full")) throw error;
          if (!this.recoveryWarnings.has(error.message))
            console.warn(`[construct-studio] warning: ${error.message}; serving the ${scope} tier as it is`);
          this.recoveryWarnings.add(error.message);
          complete = false;
        }
      }
      if (!complete) this.recovery = null;
    })();
    return this.recovery;
  }

  private ensureWatchers(): void {
    if (!this.options.cache) return;
    const dirs = [this.paths.builtinOrgDir, this.paths.userOrgDir, this.paths.userPacksDir, this.paths.projectDir];
    for (const dir of dirs) {
      if (this.watchers.has(dir) || !existsSync(dir)) continue;
      try {
        // One watch per directory, not `recursive: true`: see watch-tree.ts for what that misses.
        const watcher = watchTree(dir, {
          onChange: (name) => {
            if (!IGNORED_CHANGES.test(name)) this.invalidate();
          },
          onError: (error) => {
            console.warn(`[construct-studio] watching ${dir} stopped (${error.message}); it restarts on the next read`);
            watcher.close();
            this.watchers.delete(dir);
            this.epoch++;
          },
          skipDir: (name) => IGNORED_DIRS.test(name),
        });
        this.watchers.set(dir, watcher);
        // The directory appeared after the last load: the cache predates it.
        if (this.loaded) this.epoch++;
      } catch {
        // Watching is an optimisation; without it every read reloads.
      }
    }
    for (const [sub, name] of IGNORE_FILES) {
      const dir = path.join(this.paths.root, sub);
      if (this.watchers.has(dir) || !existsSync(dir)) continue;
      try {
        const watcher = watchTree(dir, {
          onChange: (rel) => {
            if (rel === name) this.invalidate();
          },
          onError: () => {
            watcher.close();
            this.watchers.delete(dir);
          },
          maxDepth: 0,
        });
        this.watchers.set(dir, watcher);
      } catch {
        // As above: without the watch, a changed ignore rule shows at the next change of the org.
      }
    }
  }

  async snapshot(): Promise<Snapshot> {
    await this.recover();
    this.ensureWatchers();
    const canCache = this.options.cache && this.watchers.size > 0;
    if (canCache && this.loaded && this.loaded.epoch === this.epoch) return this.loaded.promise;
    const epoch = this.epoch;
    const promise = this.load();
    this.loaded = { epoch, promise };
    promise.catch(() => {
      if (this.loaded?.promise === promise) this.loaded = null;
    });
    return promise;
  }

  private async packTiers(): Promise<{ tiers: TierData[]; problems: FieldError[] }> {
    if (!this.options.packs) return { tiers: [], problems: [] };
    const { packs, errors } = await this.options.packs.active();
    // A generation whose Construct never loads what packs hold keeps them out of the org it shows.
    const joining = this.paths.adapter.packs.joinsOrg ? packs : [];
    const tiers = joining
      .flatMap((pack) => (pack.org ? [{ pack, org: pack.org }] : []))
      .map(({ pack, org }, order) => {
        const entities = Object.fromEntries(
          SECTIONS.map((section) => [
            section,
            new Map(
              [...org.entities[section]].map(([id, layer]) => [
                id,
                {
                  ...layer,
                  scope: "pack" as const,
                  source: pack.id,
                  order,
                  path: pack.tier === "project" ? displayPath(layer.file, this.paths.root) : userPath(layer.file),
                },
              ]),
            ),
          ]),
        ) as TierData["entities"];
        return { scope: "pack" as const, dir: org.dir, entities, problems: [] };
      });
    const problems = errors.map((message) => {
      const id = /pack '([^']+)'/.exec(message)?.[1] ?? "packs";
      return { id: "pack-error", severity: "error" as const, message, location: buildPointer("packs", id) };
    });
    return { tiers, problems };
  }

  /** Reads one tier as the project's generation reads it. */
  readonly readTier: TierReader = (scope, dir, displayBase) => this.paths.adapter.tiers.read(scope, dir, displayBase);

  /** Every tier, lowest precedence first; the last, empty one carries the packs' problems. */
  async loadTiers(readTier: TierReader = this.readTier, withPacks = true): Promise<TierData[]> {
    const [builtin, packs, user, project] = await Promise.all([
      readTier("builtin", this.paths.builtinOrgDir, this.displayBase("builtin")),
      withPacks ? this.packTiers() : { tiers: [], problems: [] },
      readTier("user", this.paths.userOrgDir, this.displayBase("user")),
      readTier("project", this.paths.projectOrgDir, this.displayBase("project")),
    ]);
    return [
      builtin,
      ...packs.tiers,
      user,
      project,
      {
        scope: "pack",
        dir: "",
        entities: emptyEntities(),
        problems: [...this.paths.construct.problems, ...packs.problems],
      },
    ];
  }

  async load(readTier?: TierReader, withPacks = true): Promise<Snapshot> {
    const skillFiles = loadSkillFiles(this.paths.skillsDir, this.paths.appDir);
    const [tiers, projectProblems, accepted] = await Promise.all([
      this.loadTiers(readTier, withPacks),
      this.options.projectProblems?.() ?? [],
      this.options.accepted?.() ?? null,
    ]);
    const rows = mergeTiers(tiers);
    const setUp = this.paths.adapter.orgProblems(rows, this.paths);
    const treeProblems = this.options.treeFiles ? await fenceGlobsMatchingNothing(rows, this.options.treeFiles) : [];
    const index = indexOf(
      recordMapsOf(rows),
      new Set(skillFiles.map((s) => s.id)),
      this.schemaLookup(rows),
      this.indexContext(rows),
    );
    return {
      rows,
      index,
      skillFiles,
      loadProblems: [
        ...tiers.flatMap((t) => t.problems),
        ...setUp,
        ...projectProblems,
        ...treeProblems,
        ...(accepted?.problems ?? []),
      ],
      packTiers: tiers.filter((t) => t.scope === "pack" && t.dir),
      ...(accepted ? { accepted: accepted.accepted } : {}),
    };
  }

  /** Which records are the package registry's, and where a worker profile's prompt file resolves. */
  indexContext(rows: Rows): IndexContext {
    return { registry: registryRefs(rows), promptFileExists: promptFileLookup(this.paths.root) };
  }

  /** Where `output.schema` resolves: the package root (built-in), the pack's folder, else the project root. */
  schemaLookup(rows: Rows): SchemaFileLookup {
    return (contractId, schemaPath) => {
      const row = rows.contracts.get(contractId);
      const layer = row?.layers.find((l) => l.scope === row.scope);
      const base =
        row?.scope === "builtin"
          ? this.paths.appDir
          : row?.scope === "pack" && layer
            ? path.resolve(layer.file, "..", "..", "..")
            : this.paths.root;
      return existsSync(path.resolve(base, schemaPath));
    };
  }
}
