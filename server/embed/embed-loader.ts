import fs from "node:fs/promises";
import path from "node:path";
import {
  type EmbedContext,
  embedError,
  isCompleteManifest,
  manifestProblems,
  mergeOverlay,
  overlayProblems,
  overriddenFields,
} from "@/lib/embed/manifest";
import { isPlainObject } from "@/lib/json/safe-json";
import { idProblem } from "@/schemas/common";
import { type EmbedManifest, type EmbedOverlay, WORKFLOW_TYPES } from "@/schemas/embed";
import type { FieldError } from "@/schemas/field-error";
import type { StudioPaths } from "../config";
import { displayPath, userPath } from "../org/tiers";
import type { LoadedPack } from "../packs/pack-service";
import { readJsonFile } from "../store/json-store";

export const MANIFEST_SUFFIX = ".manifest.json";

export type ManifestSource = { tier: "builtin" | "pack" | "project"; pack?: string; path: string };

export type LoadedCapability = {
  id: string;
  base: ManifestSource;
  shadows: ManifestSource[];
  overlay: { path: string; file: string; etag: string; record: EmbedOverlay; fields: string[] } | null;
  /** The merged manifest; present even with errors, so the dashboard can show what is wrong. */
  manifest: EmbedManifest;
  /** The manifest the overlay sits on (the lower tiers' winner), for re-validating a changed overlay. */
  baseManifest: EmbedManifest;
  enabled: boolean;
  errors: FieldError[];
  warnings: FieldError[];
};

export type LoadedEmbed = {
  ctx: EmbedContext;
  capabilities: LoadedCapability[];
  /** Files that define no capability: unreadable, wrong type or shape, an overlay with no base. */
  problems: FieldError[];
  overlayDir: string;
};

type Found = { id: string; file: string; path: string; value?: unknown; etag?: string; problem?: FieldError };

async function readManifests(dir: string, show: (file: string) => string): Promise<Found[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(MANIFEST_SUFFIX)).sort();
  return Promise.all(
    names.map(async (name): Promise<Found> => {
      const file = path.join(dir, name);
      const id = name.slice(0, -MANIFEST_SUFFIX.length);
      const shown = show(file);
      const bad = idProblem(id);
      if (bad)
        return {
          id,
          file,
          path: shown,
          problem: embedError(
            "embed-invalid-file-name",
            "error",
            `${shown}: the file name is not a capability id: ${bad}`,
            id,
            [],
            shown,
          ),
        };
      const read = await readJsonFile(file);
      if (!read.ok)
        return {
          id,
          file,
          path: shown,
          problem: embedError("embed-unreadable", "error", `${shown}: ${read.message}`, id, [], shown),
        };
      if (!isPlainObject(read.value))
        return {
          id,
          file,
          path: shown,
          problem: embedError("embed-unreadable", "error", `${shown}: a manifest must be a JSON object`, id, [], shown),
        };
      const declared = read.value.id;
      if (declared !== undefined && declared !== id) {
        return {
          id,
          file,
          path: shown,
          problem: embedError(
            "embed-file-id-mismatch",
            "error",
            `${shown}: the file declares id ${JSON.stringify(declared)}; rename the file or fix the id`,
            id,
            ["id"],
            shown,
          ),
        };
      }
      return { id, file, path: shown, value: { ...read.value, id }, etag: read.etag };
    }),
  );
}

const located = (problems: FieldError[], file: string) =>
  problems.map((p) => ({
    ...p,
    path: file,
    message: p.message.startsWith(file) ? p.message : `${file}: ${p.message}`,
  }));

/**
 * Built-in `specialists/workflows/`, then each enabled pack's `workflows/` (a later one replacing the
 * whole manifest), then the project's `<proj>/embed/` overlays, merged field by field.
 */
export async function loadEmbed(
  paths: StudioPaths,
  packs: readonly LoadedPack[],
  ctx: EmbedContext,
): Promise<LoadedEmbed> {
  const problems: FieldError[] = [];
  const overlayDir = path.join(paths.projectDir, "embed");
  const bases = new Map<string, { manifest: EmbedManifest; source: ManifestSource; shadows: ManifestSource[] }>();

  const addBaseTier = (found: Found[], source: (f: Found) => ManifestSource) => {
    for (const f of found) {
      if (f.problem) {
        problems.push(f.problem);
        continue;
      }
      const type = (f.value as Record<string, unknown>).type;
      // Other workflow types share the folder; they are not ours to show.
      if (typeof type === "string" && type !== "embed" && (WORKFLOW_TYPES as readonly string[]).includes(type))
        continue;
      const shape = manifestProblems(f.value, f.id).filter((p) => p.severity === "error");
      if (shape.length) {
        problems.push(...located(shape, f.path));
        continue;
      }
      const previous = bases.get(f.id);
      bases.set(f.id, {
        manifest: f.value as EmbedManifest,
        source: source(f),
        shadows: previous ? [...previous.shadows, previous.source] : [],
      });
    }
  };

  addBaseTier(
    await readManifests(path.join(paths.appDir, "specialists", "workflows"), (file) => displayPath(file, paths.appDir)),
    (f) => ({ tier: "builtin", path: f.path }),
  );
  for (const pack of packs) {
    const show = (file: string) => (pack.tier === "project" ? displayPath(file, paths.root) : userPath(file));
    addBaseTier(await readManifests(path.join(pack.dir, "workflows"), show), (f) => ({
      tier: "pack",
      pack: pack.id,
      path: f.path,
    }));
  }

  const capabilities: LoadedCapability[] = [];
  const overlays = new Map<string, Found>();
  for (const f of await readManifests(overlayDir, (file) => displayPath(file, paths.root))) overlays.set(f.id, f);

  for (const [id, base] of bases) {
    const o = overlays.get(id);
    overlays.delete(id);
    // An overlay that cannot be read stays attached to its capability, so nothing overwrites it unseen.
    const overlayShape = o?.problem ? [o.problem] : o ? overlayProblems(o.value, id) : [];
    const record = o && !overlayShape.length ? (o.value as EmbedOverlay) : null;
    const manifest = record ? mergeOverlay(base.manifest, record) : base.manifest;
    capabilities.push(
      finish(
        id,
        base.source,
        base.shadows,
        base.manifest,
        manifest,
        o ? { ...o, record: (o.value ?? {}) as EmbedOverlay } : null,
        located(overlayShape, o?.path ?? ""),
        ctx,
      ),
    );
  }

  for (const [id, o] of overlays) {
    if (o.problem) {
      problems.push(o.problem);
      continue;
    }
    if (!isCompleteManifest(o.value)) {
      const shape = overlayProblems(o.value, id);
      problems.push(
        shape.length
          ? located(shape, o.path)[0]
          : embedError(
              "embed-overlay-orphan",
              "error",
              `${o.path}: overrides embed capability '${id}', which no tier defines (built-in, enabled packs), and is not a complete manifest itself`,
              id,
              [],
              o.path,
            ),
      );
      continue;
    }
    const manifest = o.value as EmbedManifest;
    capabilities.push(
      finish(id, { tier: "project", path: o.path }, [], manifest, manifest, { ...o, record: manifest }, [], ctx),
    );
  }

  capabilities.sort((a, b) => a.id.localeCompare(b.id));
  return { ctx, capabilities, problems, overlayDir };
}

function finish(
  id: string,
  base: ManifestSource,
  shadows: ManifestSource[],
  baseManifest: EmbedManifest,
  manifest: EmbedManifest,
  o: (Found & { record: EmbedOverlay }) | null,
  overlayShape: FieldError[],
  ctx: EmbedContext,
): LoadedCapability {
  const checked = overlayShape.length
    ? overlayShape
    : located(
        manifestProblems(manifest, id, ctx),
        o && base.tier !== "project" ? `${o.path} over ${base.path}` : base.path,
      );
  return {
    id,
    base,
    shadows,
    overlay: o
      ? {
          path: o.path,
          file: o.file,
          etag: o.etag ?? '"unreadable"',
          record: o.record,
          fields: base.tier === "project" || overlayShape.length ? [] : overriddenFields(o.record),
        }
      : null,
    manifest,
    baseManifest,
    // A broken overlay enables nothing: what it meant cannot be trusted until it is fixed.
    enabled: !overlayShape.length && o?.record.embed?.enabled === true,
    errors: checked.filter((p) => p.severity === "error"),
    warnings: checked.filter((p) => p.severity === "warning"),
  };
}
