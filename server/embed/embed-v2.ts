import fs from "node:fs/promises";
import path from "node:path";
import { embedBlockProblems, procedureProblems } from "@/lib/embed/procedure-v2";
import { isPlainObject } from "@/lib/json/safe-json";
import type { EmbedToggleResult } from "@/schemas/api/embed";
import type { CapabilityV2, EmbedV2List } from "@/schemas/embed-v2";
import type { StudioPaths } from "../config";
import { AppError } from "../errors";
import type { OrgApi } from "../org/org-api";
import { displayPath } from "../org/tiers";
import { withTierLock } from "../store/lock";
import { ABSENT_ETAG, etagOf, readJsonFile } from "../store/read";
import { atomicWrite, confinedPath } from "../store/write";

type Manifest = Record<string, unknown>;
/** A procedure as Construct 2.x's loader holds it: the file's fields, then where it came from. */
type Loaded = { manifest: Manifest; file: string; tier: "builtin" | "project" };
type Capability = Loaded & { errors: string[] };

const OVERRIDE_SUFFIX = ".manifest.json";

/**
 * Embed capabilities as Construct 2.x has them: the registry's procedures, then the project's
 * `.construct/procedures/*.json` replacing one of the same id whole; enabling writes the merged
 * manifest with `embed.enabled: true` to `.construct/procedures/<id>.manifest.json`, byte for byte
 * what `construct embed enable` writes, so either tool reads what the other wrote.
 */
export class EmbedV2Service {
  constructor(
    private readonly paths: StudioPaths,
    private readonly org: OrgApi,
  ) {}

  get projectDir(): string {
    return path.join(this.paths.root, ".construct", "procedures");
  }

  private async readTier(dir: string, tier: Loaded["tier"], problems: string[]): Promise<Loaded[]> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const files = entries
      .filter((e) => e.isFile() && e.name.endsWith(".json"))
      .map((e) => path.join(dir, e.name))
      .sort();
    const out: Loaded[] = [];
    for (const file of files) {
      const shown = displayPath(file, this.paths.root);
      const read = await readJsonFile(file);
      if (!read.ok) {
        problems.push(`${shown}: ${read.message}`);
        continue;
      }
      const errors = procedureProblems(read.value);
      if (errors.length) problems.push(...errors.map((e) => `${shown}: ${e}`));
      // Construct's loader adds these two fields to every procedure it reads, and `embed enable` keeps `_source`.
      else out.push({ manifest: { ...(read.value as Manifest), _filePath: file, _source: "unknown" }, file, tier });
    }
    return out;
  }

  private async load(): Promise<{ capabilities: Capability[]; problems: string[] }> {
    const problems: string[] = [];
    const layers = [
      ...(await this.readTier(path.join(this.paths.builtinOrgDir, "procedures"), "builtin", problems)),
      ...(await this.readTier(this.projectDir, "project", problems)),
    ];
    const winners = new Map<string, Loaded>();
    const shadowed = new Map<string, { source: unknown; filePath: unknown }[]>();
    for (const layer of layers) {
      const id = layer.manifest.id as string;
      const before = winners.get(id);
      if (before)
        shadowed.set(id, [
          ...(shadowed.get(id) ?? []),
          { source: before.manifest._source ?? "unknown", filePath: before.manifest._filePath ?? null },
        ]);
      winners.set(id, layer);
    }
    const snap = await this.org.snapshot();
    const known = [...snap.rows["worker-profiles"].values()]
      .filter((row) => row.layers.some((l) => l.scope === "builtin"))
      .map((row) => row.id);
    const capabilities: Capability[] = [];
    for (const [id, winner] of winners) {
      const log = shadowed.get(id);
      if (log) winner.manifest._shadowedBy = log;
      if (winner.manifest.type !== "embed") continue;
      capabilities.push({ ...winner, errors: embedBlockProblems(winner.manifest, known) });
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
        `${displayPath(this.overrideFile(id), this.paths.root)}: ${read.ok ? "must hold one JSON object" : read.message}; fix or remove it first`,
      );
    return { manifest: read.value, etag: read.etag };
  }

  private async view(cap: Capability): Promise<CapabilityV2> {
    const m = cap.manifest;
    const e = isPlainObject(m.embed) ? m.embed : {};
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    const id = String(m.id);
    const override = await this.override(id).catch(() => null);
    const cadence = isPlainObject(e.cadence) && typeof e.cadence.every === "string" ? e.cadence.every : null;
    return {
      id,
      description: text(m.description),
      workerProfileId: text(e.workerProfileId),
      providerBindings: Array.isArray(e.providerBindings) ? e.providerBindings.map(String) : [],
      framework: text(e.framework),
      outputContract: text(e.outputContract),
      proposalAuthority: text(e.proposalAuthority),
      runtime: text(e.runtime),
      cadence,
      source: cap.tier,
      path: displayPath(cap.file, this.paths.root),
      override: override ? displayPath(this.overrideFile(id), this.paths.root) : null,
      enabled: isPlainObject(override?.manifest.embed) && override.manifest.embed.enabled === true,
      errors: cap.errors,
    };
  }

  async list(): Promise<EmbedV2List> {
    const { capabilities, problems } = await this.load();
    return { generation: "2", capabilities: await Promise.all(capabilities.map((c) => this.view(c))), problems };
  }

  private async find(id: string): Promise<Capability> {
    const { capabilities, problems } = await this.load();
    const cap = capabilities.find((c) => c.manifest.id === id);
    if (!cap)
      throw new AppError(
        "not_found",
        `embed capability '${id}' not found in any tier (the registry's procedures, ${displayPath(this.projectDir, this.paths.root)})${problems.length ? `; ${problems.join("; ")}` : ""}`,
      );
    return cap;
  }

  async status(id: string): Promise<CapabilityV2> {
    return this.view(await this.find(id));
  }

  private async write(id: string, manifest: Manifest): Promise<{ path: string; etag: string }> {
    const file = this.overrideFile(id);
    const content = `${JSON.stringify(manifest, null, 2)}\n`;
    await fs.mkdir(this.projectDir, { recursive: true });
    await withTierLock(this.projectDir, () => atomicWrite(this.projectDir, file, content));
    this.org.invalidate();
    return { path: displayPath(file, this.paths.root), etag: etagOf(content) };
  }

  /**
   * Refuses, writing nothing, what Construct would refuse (a capability it does not list, an invalid
   * result) and an override file that cannot be read.
   */
  async enable(id: string): Promise<EmbedToggleResult> {
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
    return { ok: true, id, enabled: true, wasEnabled, ...(await this.write(id, candidate)) };
  }

  /** Keeps the override's other fields, so enabling again restores them; without one there is nothing to write. */
  async disable(id: string): Promise<EmbedToggleResult> {
    const existing = await this.override(id);
    if (!existing) return { ok: true, id, enabled: false, wasEnabled: false, path: null, etag: ABSENT_ETAG };
    const embed = isPlainObject(existing.manifest.embed) ? existing.manifest.embed : {};
    const next = { ...existing.manifest, embed: { ...embed, enabled: false } };
    return { ok: true, id, enabled: false, wasEnabled: embed.enabled === true, ...(await this.write(id, next)) };
  }
}
