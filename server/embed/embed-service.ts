import path from "node:path";
import { type EmbedContext, embedPointer } from "@/lib/embed/manifest";
import { isAtOrUnder } from "@/lib/json/pointer";
import { orderKeys } from "@/lib/json/safe-json";
import type { EmbedToggleResult, OverridesResponse } from "@/schemas/api/embed";
import { idProblem } from "@/schemas/common";
import type { Contract } from "@/schemas/contract";
import {
  type CapabilityView,
  type DryRunPlan,
  EMBED_FIELDS,
  type EmbedList,
  type EmbedOverridesBody,
} from "@/schemas/embed";
import type { TickRecord } from "@/schemas/embed-tick";
import type { StudioPaths } from "../config";
import { AppError } from "../errors";
import type { OrgApi } from "../org/org-api";
import { displayPath } from "../org/tiers";
import type { PackService } from "../packs/pack-service";
import type { PromptResolution } from "../packs/prompt-resolver";
import { withTierLock } from "../store/lock";
import { dryRunPlan } from "./embed-dry-run";
import { type LoadedCapability, type LoadedEmbed, loadEmbed } from "./embed-loader";
import { changeOverlay } from "./embed-overlay";
import { runTick } from "./embed-tick";
import { capabilityView } from "./embed-view";
import { frameworkIds } from "./frameworks";
import { RecordsWatcher } from "./records-watcher";
import { runtimeEnv } from "./runtimes";
import { TickStore } from "./tick-store";

export type LoadedWithContracts = LoadedEmbed & { contracts: ReadonlyMap<string, Contract> };

/** What the parts of the service in sibling modules (dry run, overlay, tick) use of it. */
export type EmbedCore = Pick<EmbedService, "deps" | "ticks" | "now" | "env" | "find" | "view" | "dryRun">;

export type EmbedServiceDeps = {
  paths: StudioPaths;
  packs: PackService;
  org: OrgApi;
  resolvePrompt: (specialistId: string) => Promise<PromptResolution>;
  env?: Record<string, string | undefined>;
  now?: () => Date;
};

/** `recorded`: a record changed on disk, written by another process (the CLI, a second server). */
export type TickEvent = { type: "embed-tick"; id: string; status: TickRecord["status"] | "running" | "recorded" };

/** A tick checks the runtime's answer against the output contract; proposals are stored for review, never applied. */
export class EmbedService {
  readonly ticks: TickStore;
  private readonly running = new Set<string>();
  private readonly listeners = new Set<(event: TickEvent) => void>();

  constructor(readonly deps: EmbedServiceDeps) {
    this.ticks = new TickStore(deps.paths.runtimeDir);
  }

  now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  env() {
    return runtimeEnv(this.deps.env ?? process.env);
  }

  onTick(listener: (event: TickEvent) => void): () => void {
    this.listeners.add(listener);
    this.records.watch();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.records.close();
    };
  }

  /** Ticks run elsewhere (`construct-studio embed tick`) reach the dashboard too, through their records. */
  private readonly records = new RecordsWatcher(
    () => this.ticks.recordsDir,
    (id) => this.running.has(id),
    (id) => this.emit({ type: "embed-tick", id, status: "recorded" }),
  );

  /** Also fires for overlay edits made on disk: the org façade watches the project folder. */
  onChange(listener: () => void): () => void {
    return this.deps.org.onChange(listener);
  }

  private emit(event: TickEvent) {
    for (const listener of this.listeners) listener(event);
  }

  async load(): Promise<LoadedWithContracts> {
    const [{ packs }, snap] = await Promise.all([this.deps.packs.active(), this.deps.org.snapshot()]);
    const contracts = new Map([...snap.rows.contracts].map(([id, row]) => [id, row.record as Contract]));
    const ctx: EmbedContext = {
      specialists: new Set(snap.rows.specialists.keys()),
      contracts,
      frameworks: await frameworkIds(
        this.deps.paths.appDir,
        packs.map((p) => p.dir),
      ),
    };
    return { ...(await loadEmbed(this.deps.paths, packs, ctx)), contracts };
  }

  view(cap: LoadedCapability): Promise<CapabilityView> {
    return capabilityView(this, cap, this.running.has(cap.id));
  }

  async list(): Promise<EmbedList> {
    const loaded = await this.load();
    return { capabilities: await Promise.all(loaded.capabilities.map((c) => this.view(c))), problems: loaded.problems };
  }

  async find(id: string): Promise<{ loaded: LoadedWithContracts; cap: LoadedCapability }> {
    const bad = idProblem(id);
    if (bad) throw new AppError("not_found", bad);
    const loaded = await this.load();
    const cap = loaded.capabilities.find((c) => c.id === id);
    if (!cap) {
      const broken = loaded.problems.filter((p) => isAtOrUnder(p.location, embedPointer(id)));
      throw new AppError(
        "not_found",
        `embed capability '${id}' not found in any tier (specialists/workflows, enabled packs' workflows, ${displayPath(loaded.overlayDir, this.deps.paths.root)})`,
        broken.length ? broken : undefined,
      );
    }
    return { loaded, cap };
  }

  async status(id: string): Promise<CapabilityView> {
    return this.view((await this.find(id)).cap);
  }

  async dryRun(id: string): Promise<DryRunPlan> {
    const { loaded, cap } = await this.find(id);
    return dryRunPlan(this, id, loaded, cap, await this.view(cap));
  }

  private changeOverlay(...args: Parameters<typeof changeOverlay> extends [unknown, ...infer R] ? R : never) {
    return changeOverlay(this, ...args);
  }

  /** `ifMatch` refuses with `conflict` if the overlay changed since; `dryRun` checks and writes nothing. */
  async enable(
    id: string,
    opts: { ifMatch?: string; dryRun?: boolean } = {},
  ): Promise<EmbedToggleResult & { enabled: true }> {
    let wasEnabled = false;
    const written = await this.changeOverlay(
      id,
      (o, cap) => {
        wasEnabled = cap.enabled;
        return { ...o, embed: { ...(o.embed ?? {}), enabled: true } };
      },
      { validate: true, ifMatch: opts.ifMatch, dryRun: opts.dryRun },
    );
    // The first scheduled tick is one cadence after enabling, never at once.
    if (!wasEnabled && !opts.dryRun) await this.ticks.writeEnabledSince(id, this.now());
    return { ok: true, id, enabled: true, wasEnabled, ...written };
  }

  /** Keeps the overlay's overrides (so enabling again restores them); only `enabled` flips. */
  async disable(
    id: string,
    opts: { ifMatch?: string; dryRun?: boolean } = {},
  ): Promise<EmbedToggleResult & { enabled: false }> {
    let wasEnabled = false;
    const written = await this.changeOverlay(
      id,
      (o, cap) => {
        wasEnabled = cap.enabled;
        if (!cap.overlay) return null;
        return { ...o, embed: { ...(o.embed ?? {}), enabled: false } };
      },
      { validate: false, ifMatch: opts.ifMatch, dryRun: opts.dryRun },
    );
    if (!opts.dryRun) await this.ticks.clearEnabledSince(id);
    return { ok: true, id, enabled: false, wasEnabled, ...written };
  }

  /** Sets or resets the overridable fields; an overlay left holding nothing is removed. */
  async setOverrides(id: string, body: EmbedOverridesBody, ifMatch: string): Promise<OverridesResponse> {
    const written = await this.changeOverlay(
      id,
      (o, cap) => {
        if (cap.base.tier === "project")
          throw new AppError("bad_request", `'${id}' is defined in the project tier; edit ${cap.base.path} itself`);
        const embed: Record<string, unknown> = { ...(o.embed ?? {}) };
        for (const field of body.reset) delete embed[field];
        for (const [field, value] of Object.entries(body.set)) if (value !== undefined) embed[field] = value;
        const ordered = orderKeys(embed, ["enabled", ...EMBED_FIELDS]);
        const rest = Object.keys(o).filter((k) => k !== "id" && k !== "embed");
        if (Object.keys(ordered).length === 0 && rest.length === 0) return null;
        return { ...o, embed: ordered };
      },
      { ifMatch, validate: true },
    );
    return { ok: true, id, ...written, capability: await this.status(id) };
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** A second tick of the same capability while one runs is refused, never overlapped. */
  async tick(id: string, trigger: TickRecord["trigger"] = "manual"): Promise<TickRecord> {
    if (this.running.has(id)) throw new AppError("conflict", `a tick of '${id}' is already running`);
    // Claimed before the first await, so two callers in this process can never both pass the check.
    this.running.add(id);
    try {
      const { loaded, cap } = await this.find(id);
      if (cap.errors.length)
        throw new AppError(
          "invalid",
          `embed capability '${id}' is not valid, so it cannot tick: ${cap.errors[0].message}`,
          cap.errors,
        );
      this.emit({ type: "embed-tick", id, status: "running" });
      // Across processes (the CLI beside the server) the tick lock keeps ticks of one capability apart.
      const record = await withTierLock(path.join(this.ticks.recordsDir, ".locks", id), () =>
        runTick(this, cap, loaded.contracts, trigger),
      ).catch((error: unknown) => {
        this.emit({ type: "embed-tick", id, status: "error" });
        throw error;
      });
      this.emit({ type: "embed-tick", id, status: record.status });
      return record;
    } finally {
      this.running.delete(id);
    }
  }
}
