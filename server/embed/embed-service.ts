import { type FSWatcher, mkdirSync, watch } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { describeDuration, nextTickAt, upcomingRuns } from "@/lib/embed/cadence";
import { type EmbedContext, embedPointer, manifestProblems, mergeOverlay } from "@/lib/embed/manifest";
import { freshItems } from "@/lib/embed/nothing-new";
import { checkOutput, describeOutput } from "@/lib/embed/output-contract";
import { resolveRuntime } from "@/lib/embed/runtime";
import { isAtOrUnder } from "@/lib/json/pointer";
import { orderKeys, stringifyRecord } from "@/lib/json/safe-json";
import { parseFrontmatter } from "@/lib/markdown/frontmatter";
import { idProblem } from "@/schemas/common";
import type { Contract } from "@/schemas/contract";
import {
  type CapabilityView,
  type DryRunPlan,
  EMBED_FIELDS,
  type EmbedList,
  type EmbedManifest,
  type EmbedOverlay,
  type EmbedOverridesBody,
  type Proposal,
  proposalSchema,
  type TickRecord,
} from "@/schemas/embed";
import type { StudioPaths } from "../config";
import { AppError } from "../errors";
import type { OrgApi } from "../org/org-api";
import { displayPath } from "../org/tiers";
import type { PackService } from "../packs/pack-service";
import type { PromptHardFailure, ResolvedPrompt } from "../packs/prompt-resolver";
import { atomicWrite, confinedPath, etagOf, removeFile, withTierLock } from "../store/json-store";
import { type LoadedCapability, type LoadedEmbed, loadEmbed, MANIFEST_SUFFIX } from "./embed-loader";
import { bindingAvailability, readProviderContext } from "./provider-context";

export type { CapabilityView };

import { type ChatMessage, type RuntimeAnswer, runExternal, runInProcess, runtimeEnv } from "./runtimes";
import { TickStore } from "./tick-store";

/** The If-Match value that stands for "there is no overlay file yet". */
export const ABSENT_ETAG = '"absent"';

export type EmbedServiceDeps = {
  paths: StudioPaths;
  packs: PackService;
  org: OrgApi;
  resolvePrompt: (specialistId: string) => Promise<ResolvedPrompt | PromptHardFailure>;
  /** The environment runtimes are resolved from; `process.env` unless a test passes its own. */
  env?: Record<string, string | undefined>;
  now?: () => Date;
};

/** `recorded`: a record changed on disk, written by another process (the CLI, a second server). */
export type TickEvent = { type: "embed-tick"; id: string; status: TickRecord["status"] | "running" | "recorded" };

const stripFrontmatter = (text: string) => {
  const parsed = parseFrontmatter(text);
  return (parsed.ok ? parsed.body : text).trim();
};

/**
 * The embed service of design §5: list, enable, disable, overrides, dry-run, status and tick, over
 * the three-tier loader. A tick reads its providers, resolves its runtime, asks it, checks the
 * answer against the output contract and records the outcome; nothing is ever fabricated and
 * proposals are stored for review, never applied.
 */
export class EmbedService {
  readonly ticks: TickStore;
  private readonly running = new Set<string>();
  private readonly listeners = new Set<(event: TickEvent) => void>();

  constructor(private readonly deps: EmbedServiceDeps) {
    this.ticks = new TickStore(deps.paths.runtimeDir);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private env() {
    return runtimeEnv(this.deps.env ?? process.env);
  }

  onTick(listener: (event: TickEvent) => void): () => void {
    this.listeners.add(listener);
    this.watchRecords();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.recordsWatcher?.close();
        this.recordsWatcher = null;
      }
    };
  }

  private recordsWatcher: FSWatcher | null = null;

  /** Ticks run elsewhere (`construct-studio embed tick`) reach the dashboard too, through their records. */
  private watchRecords(): void {
    if (this.recordsWatcher) return;
    try {
      mkdirSync(this.ticks.recordsDir, { recursive: true });
      const pending = new Map<string, ReturnType<typeof setTimeout>>();
      const watcher = watch(this.ticks.recordsDir, (_event, name) => {
        if (typeof name !== "string" || !/^[a-z0-9][a-z0-9-]*\.json$/.test(name)) return;
        const id = name.slice(0, -".json".length);
        if (this.running.has(id) || pending.has(id)) return;
        pending.set(
          id,
          setTimeout(() => {
            pending.delete(id);
            this.emit({ type: "embed-tick", id, status: "recorded" });
          }, 100),
        );
      });
      watcher.on("error", () => {
        watcher.close();
        if (this.recordsWatcher === watcher) this.recordsWatcher = null;
      });
      watcher.unref();
      this.recordsWatcher = watcher;
    } catch {
      // Without a watcher, ticks of this process still announce themselves.
    }
  }

  /** Also fires for overlay edits made on disk: the org façade watches the project folder. */
  onChange(listener: () => void): () => void {
    return this.deps.org.onChange(listener);
  }

  private emit(event: TickEvent) {
    for (const listener of this.listeners) listener(event);
  }

  private async frameworks(packDirs: readonly string[]): Promise<Set<string>> {
    const dirs = [
      path.join(this.deps.paths.appDir, "specialists", "frameworks"),
      ...packDirs.map((d) => path.join(d, "frameworks")),
    ];
    const names = await Promise.all(dirs.map((d) => fs.readdir(d).catch(() => [] as string[])));
    return new Set(
      names
        .flat()
        .filter((n) => n.endsWith(".md"))
        .map((n) => n.slice(0, -3)),
    );
  }

  private async frameworkFile(id: string): Promise<string | null> {
    const { packs } = await this.deps.packs.active();
    for (const dir of [...packs.map((p) => p.dir).reverse(), path.join(this.deps.paths.appDir, "specialists")]) {
      const file = path.join(dir, "frameworks", `${id}.md`);
      if (
        await fs.stat(file).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        return file;
    }
    return null;
  }

  async load(): Promise<LoadedEmbed & { contracts: ReadonlyMap<string, Contract> }> {
    const [{ packs }, snap] = await Promise.all([this.deps.packs.active(), this.deps.org.snapshot()]);
    const contracts = new Map([...snap.rows.contracts].map(([id, row]) => [id, row.record as Contract]));
    const ctx: EmbedContext = {
      specialists: new Set(snap.rows.specialists.keys()),
      contracts,
      frameworks: await this.frameworks(packs.map((p) => p.dir)),
    };
    return { ...(await loadEmbed(this.deps.paths, packs, ctx)), contracts };
  }

  private async view(cap: LoadedCapability): Promise<CapabilityView> {
    const { record: lastTick, problem } = await this.ticks.read(cap.id);
    const e = cap.manifest.embed;
    const every = e?.cadence?.every;
    const schedulable = cap.enabled && !cap.errors.length && !!every;
    const next = schedulable
      ? nextTickAt(
          every,
          { lastStartedAt: lastTick?.startedAt, enabledSince: await this.enabledSince(cap.id, !lastTick) },
          this.now(),
        )
      : null;
    return {
      id: cap.id,
      description: typeof cap.manifest.description === "string" ? cap.manifest.description : "",
      source: cap.base,
      shadows: cap.shadows,
      overlay: cap.overlay ? { path: cap.overlay.path, etag: cap.overlay.etag, fields: cap.overlay.fields } : null,
      etag: cap.overlay?.etag ?? ABSENT_ETAG,
      enabled: cap.enabled,
      manifest: cap.manifest,
      errors: cap.errors,
      warnings: cap.warnings,
      specialist: e?.specialist ?? "",
      providerBindings: bindingAvailability(Array.isArray(e?.providerBindings) ? e.providerBindings : []),
      cadence: every ? { every, description: describeDuration(every) } : null,
      runtime: resolveRuntime(e?.runtime ?? "auto", this.env()),
      lastTick,
      ...(problem ? { lastTickProblem: problem } : {}),
      nextTickAt: next?.toISOString() ?? null,
      running: this.running.has(cap.id),
    };
  }

  /**
   * Since when the capability has been enabled. One enabled without the studio (a hand-edited
   * overlay, a built-in enabled by default) and never ticked is anchored the first time it is seen,
   * so the time the card shows is the time the scheduler ticks.
   */
  private async enabledSince(id: string, anchorIfMissing: boolean): Promise<string | null> {
    const since = await this.ticks.readEnabledSince(id);
    if (since || !anchorIfMissing) return since;
    const now = this.now();
    await this.ticks.writeEnabledSince(id, now);
    return now.toISOString();
  }

  async list(): Promise<EmbedList> {
    const loaded = await this.load();
    return { capabilities: await Promise.all(loaded.capabilities.map((c) => this.view(c))), problems: loaded.problems };
  }

  private async find(
    id: string,
  ): Promise<{ loaded: Awaited<ReturnType<EmbedService["load"]>>; cap: LoadedCapability }> {
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

  /**
   * The resolution chain, executing nothing: no model call, no tick written. The local providers
   * are read, so the plan can say which items a tick would read and which of them are new.
   */
  async dryRun(id: string): Promise<DryRunPlan> {
    const { loaded, cap } = await this.find(id);
    const view = await this.view(cap);
    const e = cap.manifest.embed;
    const prompt = e?.specialist
      ? await this.deps
          .resolvePrompt(e.specialist)
          .catch((error: Error) => ({ ok: false as const, message: error.message }))
      : null;
    const contract = e?.outputContract ? loaded.contracts.get(e.outputContract) : undefined;
    const framework = e?.framework ? await this.frameworkFile(e.framework) : null;
    const unavailable = view.providerBindings.find((b) => !b.available);
    const context =
      e && !unavailable && !cap.errors.length
        ? await readProviderContext(this.deps.paths.root, cap.manifest, this.now())
        : null;
    const fresh = context?.ok ? freshItems(context.sources, view.lastTick) : null;
    const reads =
      context?.ok && fresh
        ? context.sources.map((s, i) => {
            const isNew = new Set(fresh.fresh[i]?.keys ?? []);
            return {
              provider: s.provider,
              items: s.labels.map((label, j) => ({ label, new: isNew.has(s.keys[j] ?? "") })),
            };
          })
        : null;
    const wouldSkip =
      view.runtime.reason ??
      unavailable?.reason ??
      (context && !context.ok ? context.reason : null) ??
      (fresh?.verdict === "nothing-new" ? "nothing-new" : null);
    return {
      id,
      ok: cap.errors.length === 0,
      enabled: cap.enabled,
      errors: cap.errors,
      warnings: cap.warnings,
      sources: { manifest: cap.base, overlay: view.overlay },
      chain: {
        specialist: {
          id: e?.specialist ?? null,
          prompt:
            prompt &&
            (prompt.ok
              ? { source: prompt.source, path: prompt.path, degraded: prompt.degraded, warnings: prompt.warnings }
              : { error: prompt.message }),
        },
        providerBindings: view.providerBindings,
        filter: e?.filter ?? null,
        framework: {
          id: e?.framework ?? null,
          path: framework
            ? displayPath(
                framework,
                framework.startsWith(this.deps.paths.appDir) ? this.deps.paths.appDir : this.deps.paths.root,
              )
            : null,
        },
        outputContract: {
          id: e?.outputContract ?? null,
          producer: contract?.producer ?? null,
          consumer: contract?.consumer ?? null,
          output: contract?.output ?? null,
        },
        proposalAuthority: e?.proposalAuthority ?? null,
        cadence: view.cadence
          ? {
              ...view.cadence,
              next: view.nextTickAt
                ? upcomingRuns(view.cadence.every, new Date(view.nextTickAt)).map((d) => d.toISOString())
                : [],
            }
          : null,
        runtime: view.runtime,
        reads,
      },
      wouldSkip,
      executes: false,
    };
  }

  // ---- the project overlay ------------------------------------------------------------------

  private async writeOverlay(
    cap: LoadedCapability,
    loaded: LoadedEmbed,
    next: EmbedOverlay | null,
  ): Promise<{ path: string | null; etag: string }> {
    const file = confinedPath(loaded.overlayDir, `${cap.id}${MANIFEST_SUFFIX}`);
    const shown = displayPath(file, this.deps.paths.root);
    if (next === null) {
      if (cap.overlay) await removeFile(loaded.overlayDir, file);
      return { path: null, etag: ABSENT_ETAG };
    }
    const content = stringifyRecord(orderKeys(next, ["id", "type", "version", "description", "embed"]));
    await atomicWrite(loaded.overlayDir, file, content);
    return { path: shown, etag: etagOf(content) };
  }

  /**
   * Changes the overlay under the project tier's embed lock: reads it fresh, checks the ETag when
   * one is given, validates the merged result and writes only if it holds.
   */
  private async changeOverlay(
    id: string,
    change: (overlay: EmbedOverlay, cap: LoadedCapability) => EmbedOverlay | null,
    opts: { ifMatch?: string; validate: boolean; dryRun?: boolean },
  ) {
    // Everything is checked once before the lock, so a refused or empty change creates nothing
    // (the lock itself needs the folder), then again under it against what is on disk by then.
    const prepare = async () => {
      const { loaded, cap } = await this.find(id);
      const current = cap.overlay?.etag ?? ABSENT_ETAG;
      if (opts.ifMatch !== undefined && opts.ifMatch !== "*" && opts.ifMatch !== current) {
        throw new AppError(
          "conflict",
          `the overlay of '${id}' changed since it was read; reload and try again`,
          undefined,
          { etag: current, overlay: cap.overlay?.record ?? null },
        );
      }
      const overlay = cap.overlay;
      if (overlay && cap.errors.some((p) => p.path === overlay.path)) {
        throw new AppError("invalid", `${overlay.path} is not a valid overlay; fix or delete it first`, cap.errors);
      }
      const base: EmbedOverlay = cap.overlay ? structuredClone(cap.overlay.record) : { id, embed: {} };
      const next = change(base, cap);
      if (next && opts.validate) {
        const merged = cap.base.tier === "project" ? next : mergeOverlay(cap.baseManifest, next);
        const errors = manifestProblems(merged, id, loaded.ctx).filter((p) => p.severity === "error");
        if (errors.length)
          throw new AppError("invalid", `embed capability '${id}' would not be valid: ${errors[0].message}`, errors);
      }
      return { loaded, cap, next };
    };
    const first = await prepare();
    if (opts.dryRun) {
      // Nothing written: the overlay's path if the change would keep one, and its current etag to apply with.
      const file = confinedPath(first.loaded.overlayDir, `${id}${MANIFEST_SUFFIX}`);
      return {
        path: first.next === null ? null : displayPath(file, this.deps.paths.root),
        etag: first.cap.overlay?.etag ?? ABSENT_ETAG,
      };
    }
    if (first.next === null && !first.cap.overlay) return { path: null, etag: ABSENT_ETAG };
    return withTierLock(first.loaded.overlayDir, async () => {
      const { loaded, cap, next } = await prepare();
      const written = await this.writeOverlay(cap, loaded, next);
      this.deps.org.invalidate();
      return written;
    });
  }

  /**
   * With `ifMatch` (the overlay's etag, or `"absent"`), refuses with `conflict` if the overlay changed
   * since; with `dryRun`, checks everything and writes nothing (`etag` is then the current one).
   */
  async enable(
    id: string,
    opts: { ifMatch?: string; dryRun?: boolean } = {},
  ): Promise<{ ok: true; id: string; enabled: true; wasEnabled: boolean; path: string | null; etag: string }> {
    let wasEnabled = false;
    const written = await this.changeOverlay(
      id,
      (o, cap) => {
        wasEnabled = cap.enabled;
        return { ...o, embed: { ...(o.embed ?? {}), enabled: true } };
      },
      { validate: true, ifMatch: opts.ifMatch, dryRun: opts.dryRun },
    );
    // The schedule starts now: the first scheduled tick is one cadence away, never at once.
    if (!wasEnabled && !opts.dryRun) await this.ticks.writeEnabledSince(id, this.now());
    return { ok: true, id, enabled: true, wasEnabled, ...written };
  }

  /** Keeps the overlay's overrides (so enabling again restores them); only `enabled` flips. */
  async disable(
    id: string,
    opts: { ifMatch?: string; dryRun?: boolean } = {},
  ): Promise<{ ok: true; id: string; enabled: false; wasEnabled: boolean; path: string | null; etag: string }> {
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
  async setOverrides(id: string, body: EmbedOverridesBody, ifMatch: string) {
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
    return { ok: true as const, id, ...written, capability: await this.status(id) };
  }

  // ---- ticks ---------------------------------------------------------------------------------

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Runs one tick now. A second tick of the same capability while one runs is refused, never overlapped. */
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
        this.runTick(cap, loaded.contracts, trigger),
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

  private async runTick(
    cap: LoadedCapability,
    contracts: ReadonlyMap<string, Contract>,
    trigger: TickRecord["trigger"],
  ): Promise<TickRecord> {
    const started = this.now();
    const startedAt = started.toISOString();
    const m = cap.manifest;
    const runtime = resolveRuntime(m.embed.runtime, this.env());
    const finish = async (outcome: Pick<TickRecord, "status"> & Partial<TickRecord>): Promise<TickRecord> => {
      const finished = this.now();
      const record: TickRecord = {
        id: cap.id,
        runtime: runtime.resolved,
        trigger,
        startedAt,
        finishedAt: finished.toISOString(),
        durationMs: Math.max(0, finished.getTime() - started.getTime()),
        ...outcome,
      };
      await this.ticks.write(record);
      return record;
    };

    if (runtime.resolved === "none") return finish({ status: "skipped", reason: "no-runtime", detail: runtime.detail });
    const context = await readProviderContext(this.deps.paths.root, m, started);
    if (!context.ok) return finish({ status: "skipped", reason: context.reason, detail: context.detail });
    const sources = context.sources.map(({ provider, items, keys }) => ({ provider, items, seen: keys }));
    // Only what the model has not answered yet is worth a call (lib/embed/nothing-new.ts).
    const { record: last } = await this.ticks.read(cap.id);
    const fresh = freshItems(context.sources, last);
    if (fresh.verdict === "nothing-new")
      return finish({ status: "skipped", reason: "nothing-new", detail: fresh.detail, sources });

    const prompt = await this.deps.resolvePrompt(m.embed.specialist);
    if (!prompt.ok) return finish({ status: "error", reason: "prompt-unavailable", detail: prompt.message, sources });
    const frameworkFile = await this.frameworkFile(m.embed.framework);
    const framework = frameworkFile ? await fs.readFile(frameworkFile, "utf8") : null;
    if (framework === null)
      return finish({
        status: "error",
        reason: "framework-unavailable",
        detail: `framework '${m.embed.framework}' is not on disk`,
        sources,
      });
    const contract = contracts.get(m.embed.outputContract);
    if (!contract?.output)
      return finish({
        status: "error",
        reason: "output-contract-unavailable",
        detail: `contract '${m.embed.outputContract}' has no output block`,
        sources,
      });

    const messages = buildMessages(
      m,
      stripFrontmatter(prompt.content),
      stripFrontmatter(framework),
      contract.output,
      context.sources,
      started,
    );
    const env = this.env();
    const answer: RuntimeAnswer =
      runtime.resolved === "in-process"
        ? await runInProcess(messages, env)
        : await runExternal(
            {
              capability: cap.id,
              plan: (await this.dryRun(cap.id)).chain,
              messages,
              outputContract: { id: m.embed.outputContract, output: contract.output },
              context: context.sources,
            },
            env,
          );
    if (!answer.ok)
      return finish({ status: answer.status ?? "error", reason: answer.reason, detail: answer.detail, sources });

    const { proposals: rawProposals, ...output } = answer.answer;
    const violations = checkOutput(output, contract.output);
    const proposals = proposalSchema.array().safeParse(rawProposals ?? []);
    if (!proposals.success)
      violations.push(
        `"proposals" must be an array of { "title", "detail" } objects: ${proposals.error.issues[0]?.message}`,
      );
    if (violations.length)
      return finish({
        status: "error",
        reason: "output-contract-violation",
        detail: `the answer breaks contract '${m.embed.outputContract}': ${violations.join("; ")}`,
        violations,
        sources,
      });

    const numbered = (proposals.data ?? []).map((p: Proposal, i: number) => ({
      id: `${cap.id}-${startedAt.replace(/[^0-9]/g, "").slice(0, 14)}-${i + 1}`,
      ...p,
    }));
    const proposalsFile = await this.ticks.writeProposals(cap.id, startedAt, {
      id: cap.id,
      startedAt,
      runtime: runtime.resolved,
      authority: m.embed.proposalAuthority,
      applied: false,
      output,
      proposals: numbered,
    });
    return finish({ status: "ran", detail: answer.detail, sources, output, proposals: numbered, proposalsFile });
  }
}

function buildMessages(
  m: EmbedManifest,
  prompt: string,
  framework: string,
  output: NonNullable<Contract["output"]>,
  sources: { provider: string; text: string }[],
  at: Date,
): ChatMessage[] {
  const system = [
    prompt,
    `# Framework: ${m.embed.framework}\n\n${framework}`,
    [
      `# This run`,
      `You are running the embedded capability "${m.id}"${m.description ? `: ${m.description.replace(/[.\s]+$/, "")}` : ""}.`,
      `Answer with exactly one JSON object and nothing else, following output contract "${m.embed.outputContract}".`,
      ...describeOutput(output),
      `Add "proposals": an array of { "title": string, "detail": string } — changes you propose. Authority is ${m.embed.proposalAuthority}: a person reviews every proposal; nothing is applied.`,
      `Use only the context below. If it does not support an answer, say so in the fields rather than inventing facts.`,
    ].join("\n"),
  ].join("\n\n---\n\n");
  const user = [`Context read at ${at.toISOString()}:`, ...sources.map((s) => `## ${s.provider}\n\n${s.text}`)].join(
    "\n\n",
  );
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}
