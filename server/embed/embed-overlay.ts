import { manifestProblems, mergeOverlay } from "@/lib/embed/manifest";
import { orderKeys, stringifyRecord } from "@/lib/json/safe-json";
import type { EmbedOverlay } from "@/schemas/embed";
import { AppError } from "../errors";
import { displayPath } from "../org/tiers";
import { withTierLock } from "../store/lock";
import { ABSENT_ETAG, etagOf } from "../store/read";
import { atomicWrite, confinedPath, removeFile } from "../store/write";
import { type LoadedCapability, type LoadedEmbed, MANIFEST_SUFFIX } from "./embed-loader";
import type { EmbedCore, EmbedServiceDeps } from "./embed-service";

/** The If-Match value that stands for "there is no overlay file yet". */

async function writeOverlay(
  deps: EmbedServiceDeps,
  cap: LoadedCapability,
  loaded: LoadedEmbed,
  next: EmbedOverlay | null,
): Promise<{ path: string | null; etag: string }> {
  const file = confinedPath(loaded.overlayDir, `${cap.id}${MANIFEST_SUFFIX}`);
  const shown = displayPath(file, deps.paths.root);
  if (next === null) {
    if (cap.overlay) await removeFile(loaded.overlayDir, file);
    return { path: null, etag: ABSENT_ETAG };
  }
  const content = stringifyRecord(orderKeys(next, ["id", "type", "version", "description", "embed"]));
  await atomicWrite(loaded.overlayDir, file, content);
  return { path: shown, etag: etagOf(content) };
}

export async function changeOverlay(
  core: Pick<EmbedCore, "deps" | "find">,
  id: string,
  change: (overlay: EmbedOverlay, cap: LoadedCapability) => EmbedOverlay | null,
  opts: { ifMatch?: string; validate: boolean; dryRun?: boolean },
) {
  const { deps } = core;
  // Checked once before the lock, so a refused change creates nothing (the lock needs the folder), then again under it.
  const prepare = async () => {
    const { loaded, cap } = await core.find(id);
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
    const file = confinedPath(first.loaded.overlayDir, `${id}${MANIFEST_SUFFIX}`);
    return {
      path: first.next === null ? null : displayPath(file, deps.paths.root),
      etag: first.cap.overlay?.etag ?? ABSENT_ETAG,
    };
  }
  if (first.next === null && !first.cap.overlay) return { path: null, etag: ABSENT_ETAG };
  return withTierLock(first.loaded.overlayDir, async () => {
    const { loaded, cap, next } = await prepare();
    const written = await writeOverlay(deps, cap, loaded, next);
    deps.org.invalidate();
    return written;
  });
}
