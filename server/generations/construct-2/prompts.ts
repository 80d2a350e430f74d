import path from "node:path";
import { failureOutcome } from "@/lib/packs/failure-matrix";
import type { Scope } from "@/schemas/kinds";
import type { StudioPaths } from "@/server/config";
import { AppError } from "@/server/errors";
import type { OrgApi } from "@/server/org/org-api";
import { displayPath } from "@/server/org/tiers";
import type { PackService } from "@/server/packs/pack-service";
import { type PromptResolution, promptEtag } from "@/server/packs/prompt-resolver";
import { withTierLock } from "@/server/store/lock";
import { NoFollowReadError, readTextNoFollow } from "@/server/store/read";
import { atomicWrite, confinedPath } from "@/server/store/write";

const MAX_PROMPT_BYTES = 256 * 1024;

type Candidate = { file: string; source: string; writable: boolean };

/** Inside `dir`, or null: a `promptFile` naming a path outside the project or its tier is never read or written. */
function within(dir: string, file: string): string | null {
  const rel = path.relative(dir, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? file : null;
}

/**
 * Where Construct 2.x finds a worker profile's prompt, first found wins: the project's override
 * `.construct/worker-profiles/<id>.md` (its `overrides` convention), a custom profile's
 * `promptFile`, its tier's `prompts/<id>.md`, then the package's `registry/worker-profiles/prompts/<id>.md`.
 */
async function candidates(org: OrgApi, paths: StudioPaths, id: string): Promise<Candidate[]> {
  const row = await org.getEntity("worker-profile", id);
  const out: Candidate[] = [
    { file: confinedPath(paths.projectDir, "worker-profiles", `${id}.md`), source: "override", writable: true },
  ];
  const custom = row && (row.scope === "user" || row.scope === "project") ? row.scope : null;
  if (custom) {
    const tier = org.tierDir(custom);
    const promptFile = row?.record.promptFile;
    if (typeof promptFile === "string") {
      const file = path.resolve(paths.root, promptFile);
      const inside = within(paths.root, file) ?? within(path.dirname(tier), file);
      if (inside) out.push({ file: inside, source: custom, writable: true });
    }
    out.push({ file: confinedPath(tier, "prompts", `${id}.md`), source: custom, writable: true });
  }
  out.push({
    file: confinedPath(paths.builtinOrgDir, "worker-profiles", "prompts", `${id}.md`),
    source: "builtin",
    writable: false,
  });
  return out;
}

async function read(file: string): Promise<string | null> {
  try {
    return (await readTextNoFollow(file, { limit: MAX_PROMPT_BYTES })).text;
  } catch (error) {
    if (error instanceof NoFollowReadError && error.code === "missing") return null;
    throw error;
  }
}

const show = (paths: StudioPaths, file: string) => displayPath(file, paths.root);

/** The prompt a Construct 2.x worker profile runs with, as `GET /api/prompts/<id>` serves it. */
export function workerProfilePrompt(org: OrgApi, paths: StudioPaths, packs: PackService) {
  return async (id: string): Promise<PromptResolution> => {
    const row = await org.getEntity("worker-profile", id);
    if (!row) throw new AppError("not_found", `worker-profile "${id.slice(0, 80)}" does not exist`);
    const { mode } = await packs.mode();
    const tried = await candidates(org, paths, id);
    for (const candidate of tried) {
      const content = await read(candidate.file);
      if (content === null) continue;
      const shown = show(paths, candidate.file);
      return {
        ok: true,
        specialistId: id,
        source: candidate.source,
        path: shown,
        degraded: false,
        warnings: [],
        content,
        mode,
      };
    }
    const where = tried.map((c) => show(paths, c.file)).join(", ");
    if (failureOutcome("optional-prompt-missing", mode) === "hard")
      return {
        ok: false,
        specialistId: id,
        scenario: "optional-prompt-missing",
        mode,
        message: `no prompt for worker profile '${id}': none of ${where} exists (${mode} mode: hard failure)`,
        pack: null,
        file: show(paths, tried[tried.length - 1].file),
      };
    return {
      ok: true,
      specialistId: id,
      source: "fallback",
      path: null,
      degraded: true,
      warnings: [`degraded: no prompt for '${id}' (none of ${where} exists); its description stands in`],
      content: `# ${id}\n\n${typeof row.record.description === "string" ? row.record.description : ""}\n`,
      mode,
    };
  };
}

/**
 * Saves where the prompt resolved from when the studio may write there; a registry profile's
 * prompt is overridden at `.construct/worker-profiles/<id>.md`, which Construct 2.x reads first.
 * `ifMatch` is compared under the lock with what resolves, so a disk edit in between is a 409.
 */
export async function saveWorkerProfilePrompt(
  org: OrgApi,
  paths: StudioPaths,
  id: string,
  content: string,
  opts: { ifMatch: string; current: () => Promise<{ ok: boolean; content?: string; path?: string | null }> },
): Promise<string> {
  if (Buffer.byteLength(content) > MAX_PROMPT_BYTES)
    throw new AppError("payload_too_large", `a prompt is at most ${MAX_PROMPT_BYTES} bytes`);
  const row = await org.getEntity("worker-profile", id);
  if (!row) throw new AppError("not_found", `worker-profile "${id.slice(0, 80)}" does not exist`);
  const tried = await candidates(org, paths, id);
  const before = await opts.current();
  const resolved = tried.find((c) => c.writable && show(paths, c.file) === before.path);
  const custom: Scope | null = row.scope === "user" || row.scope === "project" ? row.scope : null;
  // A custom profile's prompt goes where its record points; a registry profile's, to the override.
  const target = resolved ?? (custom ? tried[1] : tried[0]);
  const file = target.file;
  // Locked on the project's folder, which exists: a refused save must not leave a new folder behind.
  await withTierLock(paths.projectDir, async () => {
    const now = await opts.current();
    const etag = promptEtag(now.ok ? now.content : undefined);
    if (opts.ifMatch !== "*" && opts.ifMatch !== etag)
      throw new AppError(
        "conflict",
        `the prompt of '${id}' changed since it was read; reload it and apply your edit again`,
        undefined,
        { content: now.content ?? null, etag },
      );
    await atomicWrite(path.dirname(file), file, content.endsWith("\n") ? content : `${content}\n`);
  });
  return show(paths, file);
}
