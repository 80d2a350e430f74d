import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import semver from "semver";
import { deploymentMode } from "@/lib/packs/failure-matrix";
import type { PackToggleResult } from "@/schemas/api/packs";
import { SECTIONS, type Section } from "@/schemas/kinds";
import { type DeploymentMode, type PackRowTier, type PacksFile, packsFileSchema } from "@/schemas/pack-manifest";
import type { StudioPaths } from "../config";
import { AppError } from "../errors";
import { displayPath, userPath } from "../org/tiers";
import { withTierLock } from "../store/lock";
import { ABSENT_ETAG, etagOf, readJsonFile } from "../store/read";
import { atomicWrite, ensureGitIgnored } from "../store/write";
import { byPrecedence, type LoadedPack, MANIFEST, packDirs, recoverPacksDir } from "./pack-disk";
import { inspectPack } from "./pack-inspect";
import { refuse } from "./pack-problems";

type Overrides = (section: Section, id: string) => boolean;

/**
 * The packs of the project's generation: its core packs, those inside its package, the user's and the
 * project's (project wins on id), enabled in its packs.json. Where each lives and how a manifest is
 * read is the generation's (`paths.adapter.packs`).
 */
export class PackService {
  constructor(readonly paths: StudioPaths) {}

  private recovery: Promise<void> | null = null;

  /** Once per process, under the packs lock: clears what a killed install left (staging, the copy set aside). */
  private recover(): Promise<void> {
    this.recovery ??= (async () => {
      for (const dir of [this.paths.userPacksDir, this.paths.projectPacksDir]) {
        // An unlockable folder (read-only, full) is listed as it is: refusing would hide the packs that are fine.
        if (existsSync(dir)) await withTierLock(dir, () => recoverPacksDir(dir)).catch(() => {});
      }
    })();
    return this.recovery;
  }

  get coreVersion(): string {
    return this.paths.coreVersion;
  }

  async mode(): Promise<{ mode: DeploymentMode; warning?: string }> {
    const read = await readJsonFile(this.paths.configFile);
    const configured = read.ok ? (read.value as { deployment?: { mode?: unknown } })?.deployment?.mode : undefined;
    return deploymentMode(process.env.CONSTRUCT_DEPLOYMENT_MODE, configured);
  }

  /** `etag` is the file's version (`"absent"` before it exists): what `setEnabled` takes as `ifMatch`. */
  async packsFile(): Promise<{ file: PacksFile; etag: string; error?: string }> {
    const read = await readJsonFile(this.paths.packsFile);
    if (!read.ok)
      return read.code === "missing"
        ? { file: { version: 1, enabled: {} }, etag: ABSENT_ETAG }
        : { file: { version: 1, enabled: {} }, etag: ABSENT_ETAG, error: `packs.json: ${read.message}` };
    const parsed = packsFileSchema.safeParse(read.value);
    return parsed.success
      ? { file: parsed.data, etag: read.etag }
      : {
          file: { version: 1, enabled: {} },
          etag: read.etag,
          error: `packs.json: ${parsed.error.issues[0].message}`,
        };
  }

  async seenVersions(): Promise<Record<string, string>> {
    return this.seen();
  }

  private async seen(): Promise<Record<string, string>> {
    const read = await readJsonFile(path.join(this.paths.runtimeDir, "packs-seen.json"));
    return read.ok && read.value && typeof read.value === "object" ? (read.value as Record<string, string>) : {};
  }

  /** Records the highest version of each pack installed here, so a later downgrade is flagged. */
  async recordSeen(id: string, version: string): Promise<void> {
    const file = path.join(this.paths.runtimeDir, "packs-seen.json");
    await withTierLock(this.paths.runtimeDir, async () => {
      await ensureGitIgnored(this.paths.runtimeDir);
      const seen = await this.seen();
      if (!semver.valid(version)) return;
      if (!seen[id] || !semver.valid(seen[id]) || semver.gt(version, seen[id])) seen[id] = version;
      await atomicWrite(
        this.paths.runtimeDir,
        file,
        `${JSON.stringify(Object.fromEntries(Object.entries(seen).sort()), null, 2)}\n`,
      );
    });
  }

  async inspect(
    dir: string,
    tier: PackRowTier,
    seen: Record<string, string> = {},
    opts: { namesInsidePack?: boolean; overrides?: Overrides } = {},
  ): Promise<LoadedPack> {
    const overrides = opts.overrides ?? (await this.lowerTierIds());
    const ctx = {
      root: this.paths.root,
      coreVersion: this.coreVersion,
      construct: this.paths.construct,
      rules: this.paths.adapter.packs,
      overrides,
    };
    return inspectPack(ctx, dir, tier, seen, opts);
  }

  /**
   * Whether the built-in, user or project tier has a file for the record, which a pack's record then
   * overrides. The names are listed again only when a folder's modification time moved (a file added,
   * removed or renamed there): a page resolving fifty prompts would otherwise list ten thousand files
   * fifty times.
   */
  private async lowerTierIds(): Promise<Overrides> {
    const { builtinOrgDir, userOrgDir, projectOrgDir } = this.paths;
    const dirs = [builtinOrgDir, userOrgDir, projectOrgDir].flatMap((dir) =>
      SECTIONS.map((section) => ({ section, dir: path.join(dir, section) })),
    );
    const stamps = await Promise.all(
      dirs.map(({ dir }) =>
        fs.stat(dir).then(
          (s) => `${s.ino}:${s.mtimeMs}`,
          () => "-",
        ),
      ),
    );
    const stamp = stamps.join("|");
    // Callers at the same moment share one listing.
    if (this.heldIds?.stamp !== stamp)
      this.heldIds = {
        stamp,
        held: (async () => {
          const held = new Set<string>();
          for (const { section, dir } of dirs)
            for (const name of await fs.readdir(dir).catch(() => [] as string[]))
              if (name.endsWith(".json")) held.add(`${section}/${name.slice(0, -".json".length)}`);
          return held;
        })(),
      };
    const held = await this.heldIds.held;
    return (section, id) => held.has(`${section}/${id}`);
  }

  private heldIds: { stamp: string; held: Promise<ReadonlySet<string>> } | null = null;

  /** Every pack with its state, ids enabled but absent (a hard error), the mode, and `packs.json`'s own problems. */
  async list(): Promise<{
    packs: LoadedPack[];
    missing: string[];
    errors: string[];
    mode: DeploymentMode;
    warnings: string[];
  }> {
    await this.recover();
    const [{ file, error }, seen, mode] = await Promise.all([this.packsFile(), this.seen(), this.mode()]);
    const rules = this.paths.adapter.packs;
    const packs: LoadedPack[] = rules.core(this.paths);
    const overrides = await this.lowerTierIds();
    const builtin = rules.builtinDir(this.paths.construct);
    const roots = [
      ...(builtin ? [{ tier: "builtin" as const, root: builtin }] : []),
      { tier: "user" as const, root: this.paths.userPacksDir },
      { tier: "project" as const, root: this.paths.projectPacksDir },
    ];
    for (const { tier, root } of roots) {
      const dirs = await packDirs(root, { scoped: rules.scopedFolders });
      const found = await Promise.all(dirs.map((dir) => this.inspect(dir, tier, seen, { overrides })));
      const counts = new Map<string, number>();
      for (const p of found) counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
      for (const p of found) {
        if ((counts.get(p.id) ?? 0) > 1)
          refuse(
            p,
            "pack-id-duplicate",
            MANIFEST,
            `pack id '${p.id}' is used by ${counts.get(p.id)} folders in the ${tier} tier (${found
              .filter((q) => q.id === p.id)
              .map((q) => q.path)
              .join(", ")}): rename or remove one`,
          );
      }
      packs.push(...found);
    }
    for (const p of packs) {
      if (p.core) continue;
      const above = p.tier === "builtin" ? ["user", "project"] : p.tier === "user" ? ["project"] : [];
      p.shadowedBy =
        [...above].reverse().find((tier) => packs.some((q) => q.tier === tier && q.id === p.id && q !== p)) ?? null;
      p.enabled = Object.hasOwn(file.enabled, p.id) && !p.shadowedBy;
    }
    const missing = Object.keys(file.enabled).filter((id) => !packs.some((p) => p.id === id));
    const errors = [
      ...(error ? [error] : []),
      ...missing.map(
        (id) =>
          `pack '${id}' is enabled in packs.json but is not installed in ${displayPath(this.paths.projectPacksDir, this.paths.root)} or ${userPath(this.paths.userPacksDir)}: install it or disable it`,
      ),
    ];
    return { packs, missing, errors, mode: mode.mode, warnings: mode.warning ? [mode.warning] : [] };
  }

  /** Enabled packs that load (no errors), in packs.json order: later entries take precedence. */
  async active(): Promise<{ packs: LoadedPack[]; errors: string[] }> {
    const { file } = await this.packsFile();
    const listed = await this.list();
    const order = Object.keys(file.enabled);
    const active = byPrecedence(
      listed.packs.filter((p) => p.enabled && p.errors.length === 0),
      order,
    );
    const errors = [
      ...listed.errors,
      ...listed.packs.filter((p) => p.enabled && p.errors.length).flatMap((p) => p.errors),
    ];
    return { packs: active, errors };
  }

  /** `ifMatch` refuses with `conflict` if packs.json changed since; `dryRun` writes nothing. */
  async setEnabled(
    id: string,
    enabled: boolean,
    opts: { ifMatch?: string; dryRun?: boolean } = {},
  ): Promise<PackToggleResult> {
    const { packs } = await this.list();
    const pack = packs.find((p) => p.id === id && !p.shadowedBy);
    if (pack?.core) {
      if (!enabled) throw new AppError("invalid", `pack '${id}' is the core pack and cannot be disabled`);
      return { ok: true, enabled, wasEnabled: true, etag: (await this.packsFile()).etag };
    }
    if (enabled) {
      if (!pack) throw new AppError("not_found", `pack '${id}' is not installed`);
      if (pack.errors.length)
        throw new AppError("invalid", `pack '${id}' cannot be enabled: ${pack.errors.join("; ")}`);
    }
    const { file: before, etag: beforeEtag } = await this.packsFile();
    const wasEnabled = Object.hasOwn(before.enabled, id);
    if (opts.dryRun) return { ok: true, enabled, wasEnabled, etag: beforeEtag };
    const dir = path.dirname(this.paths.packsFile);
    const etag = await withTierLock(dir, async () => {
      const { file, etag: current, error } = await this.packsFile();
      if (error) throw new AppError("conflict", `${error}; fix packs.json first`);
      if (opts.ifMatch !== undefined && opts.ifMatch !== current)
        throw new AppError("conflict", "packs.json changed since it was read; read it again", undefined, {
          etag: current,
          enabled: file.enabled,
        });
      const next: PacksFile = { version: 1, enabled: { ...file.enabled } };
      if (enabled) next.enabled[id] = this.paths.adapter.packs.enabledEntry(pack, next.enabled[id]);
      else delete next.enabled[id];
      const text = `${JSON.stringify(next, null, 2)}\n`;
      await atomicWrite(dir, this.paths.packsFile, text);
      return etagOf(text);
    });
    return { ok: true, enabled, wasEnabled, etag };
  }
}
