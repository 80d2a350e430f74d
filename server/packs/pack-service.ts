import type { Dirent, Stats } from "node:fs";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import semver from "semver";
import { promptRole } from "@/lib/markdown/frontmatter";
import { deploymentMode } from "@/lib/packs/failure-matrix";
import {
  type DeploymentMode,
  type PackManifest,
  type PackRow,
  type PacksFile,
  type PackTier,
  packManifestSchema,
  packsFileSchema,
} from "@/schemas/pack-manifest";
import type { StudioPaths } from "../config";
import { AppError } from "../errors";
import { displayPath, loadTier, type TierData, userPath } from "../org/tiers";
import {
  atomicWrite,
  confinedPath,
  ensureGitIgnored,
  etagOf,
  NoFollowReadError,
  pidAlive,
  readJsonFile,
  readTextNoFollow,
  withTierLock,
} from "../store/json-store";

export const MANIFEST = "pack.manifest.json";
/** The version of a packs.json that does not exist yet. */
export const ABSENT_ETAG = '"absent"';
export const MAX_PROMPT_BYTES = 256 * 1024;

/** A pack as found on disk, with everything checked about it. */
export type LoadedPack = PackRow & { dir: string; manifest: PackManifest | null; org: TierData | null };

/** Reads a prompt file inside a pack: confined, no links, bounded, frontmatter naming its role. */
export async function checkPackPrompt(
  packDir: string,
  rel: string,
): Promise<
  | { ok: true; file: string; content: string; role: string }
  | { ok: false; file: string; problem: "missing" | "malformed"; message: string }
> {
  let file: string;
  try {
    file = confinedPath(packDir, rel);
  } catch {
    return { ok: false, file: rel, problem: "malformed", message: `${rel} is outside the pack` };
  }
  const malformed = (message: string) => ({ ok: false as const, file, problem: "malformed" as const, message });
  // One open, checked on its descriptor (store/read.ts): a link swapped in after a check cannot be read through.
  let read: { text: string; stat: Stats } | NoFollowReadError;
  try {
    read = await readTextNoFollow(file, { limit: MAX_PROMPT_BYTES });
  } catch (error) {
    if (!(error instanceof NoFollowReadError)) throw error;
    read = error;
  }
  if (read instanceof NoFollowReadError && read.code === "missing")
    return { ok: false, file, problem: "missing", message: `file not found: ${rel}` };
  if (read instanceof NoFollowReadError && read.code === "symlink")
    return malformed(`${rel} is a symbolic link; packs may not link outside themselves`);
  // O_NOFOLLOW guards the last component only; a linked folder on the way is caught here.
  if (!(await insideReal(packDir, file)))
    return malformed(`${rel} resolves outside the pack (a linked folder on the way)`);
  if (read instanceof NoFollowReadError) return malformed(`${rel} ${read.message}`);
  if (read.stat.nlink > 1) return malformed(`${rel} is a hard link; packs must hold their own files`);
  const content = read.text;
  const prompt = promptRole(content);
  if (!prompt.ok) return { ok: false, file, problem: "malformed", message: `${rel}: ${prompt.message}` };
  return { ok: true, file, content, role: prompt.role };
}

/** Whether `target`, with every link on its way resolved, is still inside `base`. */
export async function insideReal(base: string, target: string): Promise<boolean> {
  try {
    const [realBase, realTarget] = await Promise.all([fs.realpath(base), fs.realpath(target)]);
    const rel = path.relative(realBase, realTarget);
    return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
  } catch {
    return false;
  }
}

/** Highest precedence last: user packs, then project packs, each in the order they were enabled. */
export function byPrecedence(packs: readonly LoadedPack[], enabledOrder: readonly string[]): LoadedPack[] {
  return [...packs].sort((a, b) =>
    a.tier === b.tier ? enabledOrder.indexOf(a.id) - enabledOrder.indexOf(b.id) : a.tier === "user" ? -1 : 1,
  );
}

async function packDirs(root: string): Promise<string[]> {
  const out: string[] = [];
  let entries: Dirent[];
  try {
    entries = await fs.readdir(root, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const dir = path.join(root, entry.name);
    if (entry.name.startsWith("@")) {
      for (const inner of (await fs.readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        if (inner.isDirectory() && !inner.name.startsWith(".")) out.push(path.join(dir, inner.name));
      }
    } else {
      out.push(dir);
    }
  }
  return out;
}

/**
 * After a crash: staging folders of dead processes are dropped (a live install's are left alone);
 * a pack set aside for replacement comes back if its successor never arrived.
 */
export async function recoverPacksDir(packsDir: string): Promise<void> {
  const visit = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      const staging = /^\.staging-(\d+)-[0-9a-f]+$/.exec(entry.name);
      const aside = /^\.old-[0-9a-f]{8}-(.+)$/.exec(entry.name);
      if (staging) {
        const pid = Number(staging[1]);
        if (pid !== process.pid && !pidAlive(pid)) await fs.rm(full, { recursive: true, force: true });
      } else if (aside) {
        const original = path.join(dir, aside[1]);
        if (
          await fs.lstat(original).then(
            () => true,
            () => false,
          )
        )
          await fs.rm(full, { recursive: true, force: true });
        else await fs.rename(full, original);
      } else if (entry.isDirectory() && entry.name.startsWith("@")) {
        await visit(full);
      }
    }
  };
  await visit(packsDir);
}

/**
 * Discovers, checks and enables packs (ADR-0055): user packs in `$XDG_CONFIG_HOME/construct/packs`,
 * project packs in `<proj>/packs` (project wins on id), the enabled set in `<proj>/packs.json`.
 */
export class PackService {
  constructor(readonly paths: StudioPaths) {}

  private recovery: Promise<void> | null = null;

  /**
   * Once per process, before the first listing: an install killed mid-way leaves its staging
   * folder (and, mid-replace, the old copy set aside), which only the next install used to clear;
   * until then the pack set aside was missing from the org. Under the packs folder's lock, as
   * installs replace packs under it; a folder that does not exist is not created for this.
   */
  private recover(): Promise<void> {
    this.recovery ??= (async () => {
      for (const dir of [this.paths.userPacksDir, this.paths.projectPacksDir]) {
        // A folder that cannot be locked (read-only, full) is listed as it is: recovery is a repair,
        // and refusing every listing over it would hide the packs that are fine.
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

  /** The highest version of each pack installed here before. */
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
      if (!seen[id] || semver.gt(version, seen[id])) seen[id] = version;
      await atomicWrite(
        this.paths.runtimeDir,
        file,
        `${JSON.stringify(Object.fromEntries(Object.entries(seen).sort()), null, 2)}\n`,
      );
    });
  }

  /** Checks one pack folder; never throws for what is inside it. */
  async inspect(
    dir: string,
    tier: PackTier,
    seen: Record<string, string> = {},
    opts: { namesInsidePack?: boolean } = {},
  ): Promise<LoadedPack> {
    const manifestFile = path.join(dir, MANIFEST);
    // A pack being installed sits in a staging folder that is gone by the time anyone reads the message.
    const show = (file: string) =>
      opts.namesInsidePack
        ? path.relative(dir, file) || "."
        : tier === "project"
          ? displayPath(file, this.paths.root)
          : userPath(file);
    const shown = show(manifestFile);
    const row: LoadedPack = {
      id: path.basename(dir),
      version: null,
      tier,
      path: show(dir),
      enabled: false,
      compat: { range: null, core: this.coreVersion, ok: false },
      contributes: { teams: [], specialists: [], contracts: [], prompts: [], workflows: [] },
      shadowedBy: null,
      deprecation: null,
      errors: [],
      warnings: [],
      dir,
      manifest: null,
      org: null,
    };
    const read = await readJsonFile(manifestFile);
    if (!read.ok) {
      row.errors.push(
        read.code === "missing"
          ? `${shown}: no ${MANIFEST} in the pack folder`
          : read.code === "symlink"
            ? `${shown}: is a symbolic link; packs may not link outside themselves`
            : `${shown}: failed to parse JSON (${read.message})`,
      );
      return row;
    }
    const parsed = packManifestSchema.safeParse(read.value);
    if (!parsed.success) {
      const rawId = (read.value as { id?: unknown })?.id;
      if (typeof rawId === "string") row.id = rawId;
      for (const issue of parsed.error.issues)
        row.errors.push(`${shown}: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`);
      return row;
    }
    const manifest = parsed.data;
    row.manifest = manifest;
    row.id = manifest.id;
    row.version = manifest.version;
    row.compat = {
      range: manifest.compatVersion,
      core: this.coreVersion,
      ok: semver.satisfies(this.coreVersion, manifest.compatVersion, { includePrerelease: true }),
    };
    if (!row.compat.ok) {
      row.errors.push(
        `pack '${manifest.id}' requires core ${manifest.compatVersion}, but this is ${this.coreVersion}: it is not loaded — install a release of the pack compatible with ${this.coreVersion}, or upgrade Construct`,
      );
    }
    if (manifest.deprecation) {
      row.deprecation = manifest.deprecation;
      row.warnings.push(
        `pack '${manifest.id}' is deprecated since ${manifest.deprecation.since}: ${manifest.deprecation.message}${manifest.deprecation.replacement ? ` — use '${manifest.deprecation.replacement}' instead` : ""}`,
      );
    }
    if (seen[manifest.id] && semver.valid(seen[manifest.id]) && semver.lt(manifest.version, seen[manifest.id])) {
      row.warnings.push(
        `pack '${manifest.id}' ${manifest.version} is older than ${seen[manifest.id]}, installed here before (downgrade)`,
      );
    }
    for (const [specialist, rel] of Object.entries(manifest.prompts ?? {})) {
      const check = await checkPackPrompt(dir, rel);
      if (!check.ok) {
        const what =
          check.problem === "missing"
            ? `declared prompt file missing for '${specialist}'`
            : `prompt for '${specialist}' is invalid`;
        row.errors.push(`pack '${manifest.id}': ${what}: ${check.message}`);
      }
      row.contributes.prompts.push(specialist);
    }
    const orgDir = path.join(dir, "org");
    // A linked org folder or section is reported by loadTier, like one in any other tier.
    const org = await loadTier("builtin", orgDir, dir);
    row.org = org;
    for (const problem of org.problems.filter((p) => p.severity === "error"))
      row.errors.push(`pack '${manifest.id}': ${problem.message}`);
    row.contributes.teams = [
      ...new Set([...(manifest.teams ?? []), ...org.entities.teams.keys(), ...org.entities.groups.keys()]),
    ];
    row.contributes.specialists = [...new Set([...(manifest.specialists ?? []), ...org.entities.specialists.keys()])];
    row.contributes.contracts = [...org.entities.contracts.keys()];
    row.contributes.workflows = (await fs.readdir(path.join(dir, "workflows")).catch(() => [] as string[]))
      .filter((n) => n.endsWith(".manifest.json"))
      .map((n) => n.slice(0, -".manifest.json".length))
      .sort();
    return row;
  }

  /**
   * Every pack on disk with its state, the ids enabled but absent (a hard error), the mode, and
   * problems with `packs.json` itself.
   */
  async list(): Promise<{
    packs: LoadedPack[];
    missing: string[];
    errors: string[];
    mode: DeploymentMode;
    warnings: string[];
  }> {
    await this.recover();
    const [{ file, error }, seen, mode] = await Promise.all([this.packsFile(), this.seen(), this.mode()]);
    const packs: LoadedPack[] = [];
    for (const tier of ["user", "project"] as const) {
      const root = tier === "user" ? this.paths.userPacksDir : this.paths.projectPacksDir;
      const found = await Promise.all((await packDirs(root)).map((dir) => this.inspect(dir, tier, seen)));
      const counts = new Map<string, number>();
      for (const p of found) counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
      for (const p of found) {
        if ((counts.get(p.id) ?? 0) > 1)
          p.errors.push(
            `pack id '${p.id}' is used by ${counts.get(p.id)} folders in the ${tier} tier (${found
              .filter((q) => q.id === p.id)
              .map((q) => q.path)
              .join(", ")}): rename or remove one`,
          );
      }
      packs.push(...found);
    }
    for (const p of packs) {
      if (p.tier === "user" && packs.some((q) => q.tier === "project" && q.id === p.id)) p.shadowedBy = "project";
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

  /**
   * Writes packs.json with `id` enabled or not. With `ifMatch`, refuses (`conflict`, with the
   * current etag) when packs.json changed since that version was read; `dryRun` writes nothing.
   */
  async setEnabled(
    id: string,
    enabled: boolean,
    opts: { ifMatch?: string; dryRun?: boolean } = {},
  ): Promise<{ ok: true; enabled: boolean; wasEnabled: boolean; etag: string }> {
    const { packs } = await this.list();
    const pack = packs.find((p) => p.id === id && !p.shadowedBy);
    if (enabled) {
      if (!pack) throw new AppError("not_found", `pack '${id}' is not installed`);
      if (pack.errors.length)
        throw new AppError("invalid", `pack '${id}' cannot be enabled: ${pack.errors.join("; ")}`);
    }
    const { file: before, etag: beforeEtag } = await this.packsFile();
    const wasEnabled = Object.hasOwn(before.enabled, id);
    // A dry run: every check above passed, nothing is written, and the etag is the one to apply with.
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
      if (enabled) next.enabled[id] = { enabledAt: next.enabled[id]?.enabledAt ?? new Date().toISOString() };
      else delete next.enabled[id];
      const text = `${JSON.stringify(next, null, 2)}\n`;
      await atomicWrite(dir, this.paths.packsFile, text);
      return etagOf(text);
    });
    return { ok: true, enabled, wasEnabled, etag };
  }
}
