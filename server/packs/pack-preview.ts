import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import semver from "semver";
import { runOrgTests } from "@/lib/org-tests/run";
import type { PackEnableResult, PackInstallResult } from "@/schemas/api/packs";
import type { FieldError } from "@/schemas/field-error";
import type { PackTier } from "@/schemas/pack-manifest";
import type { PackPreview } from "@/schemas/pack-preview";
import type { StudioPaths } from "../config";
import { AppError, ioError } from "../errors";
import { recordsOf, type Snapshot } from "../org/merge";
import type { OrgApi } from "../org/org-api";
import { displayPath, userPath } from "../org/tiers";
import type { OrgTestService } from "../org-tests/org-test-service";
import type { PlanService } from "../plan/plan-service";
import { HypotheticalPacks, type Staged } from "./hypothetical-packs";
import type { LoadedPack } from "./pack-disk";
import { contentHash, type InstallSource, installPack, stageSource } from "./pack-install";
import type { PackService } from "./pack-service";
import type { PromptResolver } from "./prompt-resolver";
import { renamedStrings, unstaged, unstagedError } from "./staged-names";

// Each pack change is first shown as a plan of the org against the org with the change made; an
// enable that would introduce errors is refused unless forced.

function versionChange(next: string, installed: string | null | undefined): PackPreview["versionChange"] {
  if (!installed || !semver.valid(installed) || !semver.valid(next)) return "new";
  if (semver.gt(next, installed)) return "upgrade";
  if (semver.lt(next, installed)) return "downgrade";
  return "same";
}

function describePrompt(resolved: Awaited<ReturnType<PromptResolver["resolve"]>> | null): string | null {
  if (!resolved) return null;
  if (!resolved.ok) return `hard failure: ${resolved.message}`;
  return resolved.path ? `${resolved.source} (${resolved.path})` : resolved.source;
}

export type OrgReaders = { org: OrgApi; prompts: PromptResolver; tests: OrgTestService };

export type PreviewDeps = OrgReaders & {
  paths: StudioPaths;
  packs: PackService;
  plan: PlanService;
  /** Built by the composition root, like the real readers. */
  readersWith: (packs: PackService) => OrgReaders;
};

export class PackPreviewService {
  constructor(private readonly deps: PreviewDeps) {}

  /** The plan of the current org against the org with `change` made, with prompts and org tests. */
  private async compare(
    change: { enable: string; staged?: Staged },
    prompts: readonly string[],
    note: string,
  ): Promise<Pick<PackPreview, "plan" | "prompts" | "tests" | "errors">> {
    const { paths, org } = this.deps;
    const after = this.deps.readersWith(new HypotheticalPacks(paths, change));
    const afterOrg = after.org;
    const [beforeSnap, afterSnap] = await Promise.all([org.snapshot(), afterOrg.snapshot()]);
    const plan = await this.deps.plan.compare(beforeSnap, afterSnap, { kind: "saved", ref: note });
    const errors: FieldError[] = plan.changes.flatMap((c) =>
      c.kind === "problem" && c.action === "introduced" && c.severity === "error"
        ? [
            {
              id: c.id,
              severity: c.severity,
              message: c.message,
              location: c.location,
              ...(c.path ? { path: c.path } : {}),
            },
          ]
        : [],
    );
    const [beforeResolver, afterResolver] = [this.deps.prompts, after.prompts];
    const promptMoves: PackPreview["prompts"] = [];
    for (const specialist of [...new Set(prompts)].sort()) {
      const resolve = (resolver: PromptResolver, snap: Snapshot) => {
        const row = snap.rows.specialists.get(specialist);
        const builtinSpecialist =
          !!row && (row.scope === "builtin" || row.overrides.some((o) => o.scope === "builtin"));
        return resolver.resolve(specialist, { builtinSpecialist, record: row?.record }).catch(() => null);
      };
      const a = describePrompt(await resolve(beforeResolver, beforeSnap));
      const b = describePrompt(await resolve(afterResolver, afterSnap));
      if (a !== b) promptMoves.push({ specialist, before: a, after: b });
    }
    const [filesBefore, filesAfter] = await Promise.all([this.deps.tests.files(), after.tests.files()]);
    const runBefore = runOrgTests(recordsOf(beforeSnap.rows), filesBefore);
    const runAfter = runOrgTests(recordsOf(afterSnap.rows), filesAfter);
    const passedBefore = new Set(runBefore.results.filter((r) => r.pass).map((r) => `${r.file}#${r.index}`));
    const failedBefore = new Set(runBefore.results.filter((r) => !r.pass).map((r) => `${r.file}#${r.index}`));
    const tests = runAfter.results
      .filter((r) => !r.pass && (passedBefore.has(`${r.file}#${r.index}`) || !failedBefore.has(`${r.file}#${r.index}`)))
      .map((r) => ({ file: r.file, name: r.name, detail: r.detail }));
    return { plan, prompts: promptMoves, tests, errors };
  }

  private async installedPack(id: string, tier?: PackTier): Promise<LoadedPack | undefined> {
    const { packs } = await this.deps.packs.list();
    return packs.find((p) => p.id === id && (tier ? p.tier === tier : !p.shadowedBy));
  }

  async previewEnable(id: string): Promise<PackPreview> {
    const pack = await this.installedPack(id);
    if (!pack) throw new AppError("not_found", `pack '${id}' is not installed`);
    const compared = await this.compare(
      { enable: id },
      Object.keys(pack.manifest?.prompts ?? {}),
      `the org with pack '${id}' enabled`,
    );
    return {
      action: "enable",
      id,
      version: pack.version ?? "?",
      tier: pack.tier,
      source: pack.path,
      installed: { version: pack.version, enabled: pack.enabled },
      versionChange: "same",
      appliesNow: true,
      ...compared,
      warnings: [...pack.warnings],
    };
  }

  /** Refuses (422) a pack whose records would introduce errors, unless `force`. */
  async enable(id: string, opts: { force?: boolean } = {}): Promise<PackEnableResult> {
    const preview = await this.previewEnable(id);
    if (preview.errors.length && !opts.force) throw refusal(`pack '${id}' was not enabled`, preview.errors);
    await this.deps.packs.setEnabled(id, true);
    this.deps.org.invalidate();
    return { ok: true, enabled: true, preview };
  }

  /** Stages `source` in a temporary folder, runs `use` on it, and removes it whatever happens. */
  private async withStaged<T>(source: InstallSource, use: (dir: string, hash: string) => Promise<T>): Promise<T> {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), "cs-pack-preview-")).catch((error) => {
      throw ioError(error, "previewing the pack");
    });
    const dir = path.join(base, "pack");
    try {
      await fs.mkdir(dir);
      await stageSource(source, dir);
      return await use(dir, await contentHash(dir));
    } catch (error) {
      throw unstagedError(error, "previewing the pack", unstaged(dir));
    } finally {
      await fs.rm(base, { recursive: true, force: true }).catch(() => {});
    }
  }

  /** What installing a folder or zip would do: its version against the installed copy, and the plan. */
  async previewInstall(source: InstallSource, tier: PackTier, shown: string): Promise<PackPreview> {
    const { packs, paths } = this.deps;
    return this.withStaged(source, async (dir, hash) => {
      const seen = await packs.seenVersions();
      const checked = await packs.inspect(dir, tier, seen, { namesInsidePack: true });
      if (checked.errors.length || !checked.manifest)
        throw new AppError("invalid", `the pack cannot be installed: ${checked.errors.join("; ")}`);
      const { id, version } = checked.manifest;
      const installed = await this.installedPack(id, tier);
      const packsDir = tier === "user" ? paths.userPacksDir : paths.projectPacksDir;
      const target = paths.adapter.packs.folder(packsDir, id);
      const change = versionChange(version, installed?.version ?? seen[id]);
      const warnings = [...checked.warnings];
      const against = installed?.version ?? seen[id];
      if (change === "downgrade" && !warnings.some((w) => w.includes("(downgrade)")))
        warnings.push(`pack '${id}' ${version} is older than ${against}, installed here before (downgrade)`);
      const prompts = [
        ...Object.keys(checked.manifest.prompts ?? {}),
        ...Object.keys(installed?.manifest?.prompts ?? {}),
      ];
      const appliesNow = !!installed?.enabled;
      // What the staged copy says is named where it will live, as the plan names its records.
      const shownAt = tier === "project" ? displayPath(target, paths.root) : userPath(target);
      const compared = await this.compare(
        { enable: id, staged: { dir, tier, target } },
        prompts,
        appliesNow
          ? `the org with pack '${id}' ${version} installed`
          : `the org with pack '${id}' ${version} installed and enabled`,
      );
      return {
        action: "install" as const,
        id,
        version,
        tier,
        source: shown,
        installed: installed ? { version: installed.version, enabled: installed.enabled } : null,
        versionChange: change,
        appliesNow,
        hash,
        ...renamedStrings(compared, unstaged(dir, shownAt)),
        warnings: renamedStrings(warnings, unstaged(dir)),
      };
    });
  }

  /** 409 when `hash` differs from the content; 422 when an enabled pack's new copy adds errors, unless `force`. */
  async install(
    source: InstallSource,
    tier: PackTier,
    shown: string,
    opts: { hash?: string; force?: boolean } = {},
  ): Promise<PackInstallResult> {
    const preview = await this.previewInstall(source, tier, shown);
    if (opts.hash && preview.hash !== opts.hash) throw changedSincePreview();
    if (preview.appliesNow && preview.errors.length && !opts.force)
      throw refusal(`pack '${preview.id}' ${preview.version} was not installed`, preview.errors);
    // The staged copy is checked once more against what was just previewed, so what lands is what was shown.
    const result = await installPack(this.deps.packs, source, tier, { expectedHash: preview.hash });
    this.deps.org.invalidate();
    return {
      ...result,
      warnings: [...new Set([...preview.warnings, ...result.warnings])],
      versionChange: preview.versionChange,
    };
  }
}

function changedSincePreview(): AppError {
  return new AppError(
    "conflict",
    "the pack changed since it was previewed (its files differ): nothing was installed — preview it again",
  );
}

function refusal(what: string, errors: FieldError[]): AppError {
  return new AppError(
    "invalid",
    `${what}: it would introduce ${errors.length} error${errors.length === 1 ? "" : "s"} (${errors[0].message}${errors.length > 1 ? "; …" : ""}); nothing was changed — fix the pack, or enable it anyway`,
    errors,
  );
}

export function isEmptyPreview(preview: PackPreview): boolean {
  return preview.plan.changes.length === 0 && preview.prompts.length === 0 && preview.tests.length === 0;
}
