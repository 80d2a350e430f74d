import fs from "node:fs/promises";
import path from "node:path";
import { describeDuration, upcomingRuns } from "@/lib/embed/cadence";
import { buildPointer } from "@/lib/json/pointer";
import { isPlainObject } from "@/lib/json/safe-json";
import type { EmbedToggleResult } from "@/schemas/api/embed";
import { type CapabilityView, type DryRunPlan, type EmbedList, PROPOSAL_AUTHORITIES } from "@/schemas/embed";
import type { FieldError } from "@/schemas/field-error";
import { AppError } from "@/server/errors";
import type { EmbedBackend, EmbedDeps } from "@/server/generations/adapter";
import { displayPath } from "@/server/org/tiers";
import { withTierLock } from "@/server/store/lock";
import { ABSENT_ETAG, etagOf, readJsonFile } from "@/server/store/read";
import { atomicWrite, confinedPath } from "@/server/store/write";
import { EMBED_OVERRIDES_ABSENT, EMBED_TICK_ABSENT, resolveConstructRuntime } from "./embed-rules";
import { embedBlockProblems, procedureProblems } from "./procedure";

type Manifest = Record<string, unknown>;
/** A procedure as Construct 2.x's loader holds it: the file's fields, then where it came from. */
type Loaded = { manifest: Manifest; file: string; tier: "builtin" | "project" };
type Capability = Loaded & { errors: string[]; shadows: Loaded[] };

const OVERRIDE_SUFFIX = ".manifest.json";

const problem = (id: string, message: string): FieldError => ({
  id: "embed-procedure-invalid",
  severity: "error",
  message,
  location: buildPointer("embed", id),
});

/**
 * Embed capabilities as Construct 2.x has them: the registry's procedures, then the project's
 * `.construct/procedures/*.json` replacing one of the same id whole; enabling writes the merged
 * manifest with `embed.enabled: true` to `.construct/procedures/<id>.manifest.json`, byte for byte
 * what `construct embed enable` writes, so either tool reads what the other wrote. Shown in the
 * shapes every generation's dashboard, CLI and MCP tools read.
 */
export class Construct2Embed implements EmbedBackend {
  constructor(private readonly deps: EmbedDeps) {}

  private get projectDir(): string {
    return path.join(this.deps.paths.root, ".construct", "procedures");
  }

  private shown(file: string): string {
    return displayPath(file, this.deps.paths.root);
  }

  private async readTier(dir: string, tier: Loaded["tier"], problems: FieldError[]): Promise<Loaded[]> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const files = entries
      .filter((e) => e.isFile() && e.name.endsWith(".json"))
      .map((e) => path.join(dir, e.name))
      .sort();
    const out: Loaded[] = [];
    for (const file of files) {
      const shown = this.shown(file);
      const id = path.basename(file).replace(/(\.manifest)?\.json$/, "");
      const read = await readJsonFile(file);
      if (!read.ok) {
        problems.push(problem(id, `${shown}: ${read.message}`));
        continue;
      }
      const errors = procedureProblems(read.value);
      if (errors.length) problems.push(...errors.map((e) => problem(id, `${shown}: ${e}`)));
      // Construct's loader adds these two fields to every procedure it reads, and `embed enable` keeps `_source`.
      else out.push({ manifest: { ...(read.value as Manifest), _filePath: file, _source: "unknown" }, file, tier });
    }
    return out;
  }

  private async load(): Promise<{ capabilities: Capability[]; problems: FieldError[] }> {
    const problems: FieldError[] = [];
    const layers = [
      ...(await this.readTier(path.join(this.deps.paths.builtinOrgDir, "procedures"), "builtin", problems)),
      ...(await this.readTier(this.projectDir, "project", problems)),
    ];
    const winners = new Map<string, Loaded>();
    const shadowed = new Map<string, Loaded[]>();
    for (const layer of layers) {
      const id = layer.manifest.id as string;
      const before = winners.get(id);
      if (before) shadowed.set(id, [...(shadowed.get(id) ?? []), before]);
      winners.set(id, layer);
    }
    const snap = await this.deps.org.snapshot();
    const known = [...snap.rows["worker-profiles"].values()]
      .filter((row) => row.layers.some((l) => l.scope === "builtin"))
      .map((row) => row.id);
    const capabilities: Capability[] = [];
    for (const [id, winner] of winners) {
      const log = shadowed.get(id) ?? [];
      if (log.length)
        winner.manifest._shadowedBy = log.map((l) => ({
          source: l.manifest._source ?? "unknown",
          filePath: l.manifest._filePath ?? null,
        }));
      if (winner.manifest.type !== "embed") continue;
      capabilities.push({ ...winner, errors: embedBlockProblems(winner.manifest, known), shadows: log });
    }
    capabilities.sort((a, b) => String(a.manifest.id).localeCompare(String(b.manifest.id)));
    return { capabilities, problems };
  }

  private overrideFile(id: string): string {
    if (id.includes("/")) throw new AppError("not_found", `embed capability '${id}' not found`);
    return confinedPath(this.projectDir, `${id}${OVERRIDE_SUFFIX}`);
  }

  private async override(id: string): Promise<{ manifest: Manifest; etag: string } | null> {
    const read = await readJsonFile(this.overrideFile(id));
    if (!read.ok && read.code === "missing") return null;
    if (!read.ok || !isPlainObject(read.value))
      throw new AppError(
        "invalid",
        `${this.shown(this.overrideFile(id))}: ${read.ok ? "must hold one JSON object" : read.message}; fix or remove it first`,
      );
    return { manifest: read.value, etag: read.etag };
  }

  private async view(cap: Capability): Promise<CapabilityView> {
    const m = cap.manifest;
    const e = isPlainObject(m.embed) ? m.embed : {};
    const id = String(m.id);
    const override = await this.override(id).catch(() => null);
    const every = isPlainObject(e.cadence) && typeof e.cadence.every === "string" ? e.cadence.every : null;
    const errors = cap.errors.map((message) => problem(id, message));
    const { _filePath, _source, _shadowedBy, ...manifest } = m;
    return {
      id,
      description: typeof m.description === "string" ? m.description : "",
      source: { tier: cap.tier, path: this.shown(cap.file) },
      shadows: cap.shadows.map((l) => ({ tier: l.tier, path: this.shown(l.file) })),
      overlay: override
        ? // Construct's enable file replaces the whole procedure: it overrides no field of its own.
          { path: this.shown(this.overrideFile(id)), etag: override.etag, fields: [] }
        : null,
      etag: override?.etag ?? ABSENT_ETAG,
      enabled: isPlainObject(override?.manifest.embed) && override.manifest.embed.enabled === true,
      manifest,
      errors,
      warnings: [],
      specialist: typeof e.workerProfileId === "string" ? e.workerProfileId : "",
      // Construct 2.x resolves its providers when its daemon runs a tick; the studio names them.
      providerBindings: (Array.isArray(e.providerBindings) ? e.providerBindings : []).map((b) => ({
        id: String(b),
        label: String(b),
        available: true,
      })),
      cadence: every ? { every, description: describeDuration(every) } : null,
      runtime: resolveConstructRuntime(e.runtime, this.deps.env ?? process.env),
      lastTick: null,
      nextTickAt: null,
      running: false,
    };
  }

  async list(): Promise<EmbedList> {
    const { capabilities, problems } = await this.load();
    return { capabilities: await Promise.all(capabilities.map((c) => this.view(c))), problems };
  }

  private async find(id: string): Promise<Capability> {
    const { capabilities, problems } = await this.load();
    const cap = capabilities.find((c) => c.manifest.id === id);
    if (!cap)
      throw new AppError(
        "not_found",
        `embed capability '${id}' not found in any tier (the registry's procedures, ${this.shown(this.projectDir)})`,
        problems.length ? problems : undefined,
      );
    return cap;
  }

  async status(id: string): Promise<CapabilityView> {
    return this.view(await this.find(id));
  }

  /** The chain `construct embed dry-run` resolves, with the worker profile's prompt found as it would run. */
  async dryRun(id: string): Promise<DryRunPlan> {
    const cap = await this.find(id);
    const view = await this.view(cap);
    const e = isPlainObject(cap.manifest.embed) ? cap.manifest.embed : {};
    const runner = view.specialist || null;
    const prompt = runner
      ? await this.deps.resolvePrompt(runner).catch((error: Error) => ({ ok: false as const, message: error.message }))
      : null;
    const filter = isPlainObject(e.filter) ? (e.filter as DryRunPlan["chain"]["filter"]) : null;
    return {
      id,
      ok: view.errors.length === 0,
      enabled: view.enabled,
      errors: view.errors,
      warnings: view.warnings,
      sources: { manifest: view.source, overlay: view.overlay },
      chain: {
        specialist: {
          id: runner,
          prompt:
            prompt &&
            (prompt.ok
              ? { source: prompt.source, path: prompt.path, degraded: prompt.degraded, warnings: prompt.warnings }
              : { error: prompt.message }),
        },
        providerBindings: view.providerBindings,
        filter,
        framework: { id: typeof e.framework === "string" ? e.framework : null, path: null },
        outputContract: {
          id: typeof e.outputContract === "string" ? e.outputContract : null,
          producer: null,
          consumer: null,
          output: null,
        },
        proposalAuthority: (PROPOSAL_AUTHORITIES as readonly unknown[]).includes(e.proposalAuthority)
          ? (e.proposalAuthority as DryRunPlan["chain"]["proposalAuthority"])
          : null,
        cadence: view.cadence
          ? { ...view.cadence, next: upcomingRuns(view.cadence.every, new Date()).map((d) => d.toISOString()) }
          : null,
        runtime: view.runtime,
        reads: null,
      },
      wouldSkip: view.runtime.code ?? null,
      executes: false,
    };
  }

  private async write(id: string, manifest: Manifest): Promise<{ path: string; etag: string }> {
    const file = this.overrideFile(id);
    const content = `${JSON.stringify(manifest, null, 2)}\n`;
    await fs.mkdir(this.projectDir, { recursive: true });
    await withTierLock(this.projectDir, () => atomicWrite(this.projectDir, file, content));
    this.deps.org.invalidate();
    return { path: this.shown(file), etag: etagOf(content) };
  }

  /**
   * Refuses, writing nothing, what Construct would refuse (a capability it does not list, an invalid
   * result) and an override file that cannot be read.
   */
  async enable(id: string, opts: { dryRun?: boolean } = {}): Promise<EmbedToggleResult> {
    const cap = await this.find(id);
    if (cap.errors.length)
      throw new AppError(
        "invalid",
        `embed capability '${id}' is not valid, so Construct does not list it and it cannot be enabled: ${cap.errors.join("; ")}`,
      );
    // An override it cannot read is the user's to fix; Construct would write over it.
    const existing = await this.override(id);
    const wasEnabled = isPlainObject(existing?.manifest.embed) && existing.manifest.embed.enabled === true;
    const candidate: Manifest = { ...cap.manifest, embed: { ...(cap.manifest.embed as Manifest), enabled: true } };
    delete candidate._filePath;
    const errors = [...procedureProblems(candidate), ...embedBlockProblems(candidate)];
    if (errors.length) throw new AppError("invalid", `embed enable ${id}: invalid manifest: ${errors.join("; ")}`);
    if (opts.dryRun)
      return { ok: true, id, enabled: true, wasEnabled, path: this.shown(this.overrideFile(id)), etag: ABSENT_ETAG };
    return { ok: true, id, enabled: true, wasEnabled, ...(await this.write(id, candidate)) };
  }

  /** Keeps the override's other fields, so enabling again restores them; without one there is nothing to write. */
  async disable(id: string, opts: { dryRun?: boolean } = {}): Promise<EmbedToggleResult> {
    const existing = await this.override(id);
    if (!existing) return { ok: true, id, enabled: false, wasEnabled: false, path: null, etag: ABSENT_ETAG };
    const embed = isPlainObject(existing.manifest.embed) ? existing.manifest.embed : {};
    const next = { ...existing.manifest, embed: { ...embed, enabled: false } };
    if (opts.dryRun)
      return {
        ok: true,
        id,
        enabled: false,
        wasEnabled: embed.enabled === true,
        path: this.shown(this.overrideFile(id)),
        etag: existing.etag,
      };
    return { ok: true, id, enabled: false, wasEnabled: embed.enabled === true, ...(await this.write(id, next)) };
  }

  setOverrides(): never {
    throw new AppError("not_in_generation", EMBED_OVERRIDES_ABSENT);
  }

  tick(): never {
    throw new AppError("not_in_generation", EMBED_TICK_ABSENT);
  }

  /** No tick runs here, so none is announced. */
  onTick(): () => void {
    return () => {};
  }

  /** Enable files live in the project's folder, which the org watches. */
  onChange(listener: () => void): () => void {
    return this.deps.org.onChange(listener);
  }
}
