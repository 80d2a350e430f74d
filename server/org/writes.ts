import { readFile } from "node:fs/promises";
import { fieldError } from "@/lib/org/field-error";
import { referencesTo, validateDraft } from "@/lib/org/validate";
import type { RemoveOk, WriteOk } from "@/schemas/api/org";
import { isWritable, kindIdProblem, recordKindOf } from "@/schemas/entity-kinds";
import { ENTITY_KIND_SPECS, type EntityRecord, type Scope, SECTION_OF, type WritableScope } from "@/schemas/kinds";
import type { ApiKind } from "@/schemas/org";
import { AppError } from "../errors";
import { withTierLock } from "../store/lock";
import { removeFile } from "../store/write";
import { applyPatch, mergeLayers, type Row, SCOPE_RANK } from "./merge";
import type { OrgState } from "./org-state";
import { baseOf, effectivePatchOf, unchangedOf } from "./patch-base";
import { defaultPromptFile, newProfileFile, promptAfterRemove, writePromptStub } from "./worker-profile-files";
import {
  alreadyExists,
  checkDraft,
  checkGeneration,
  checkId,
  checkWritable,
  freshRow,
  readOnlyKind,
  readonlyBuiltin,
  renamed,
  writeIdProblem,
} from "./write-checks";
import { dryRunOf, writeLayer } from "./write-layer";

/** Runs a write under its tier's lock, after recovery; a dry run takes no lock (the lock file would be a write). */
export async function underLock<T>(
  state: OrgState,
  scope: WritableScope,
  dryRun: boolean | undefined,
  run: () => Promise<T>,
) {
  await state.recover();
  return dryRun ? run() : withTierLock(state.tierDir(scope), run);
}

export async function createEntity(
  state: OrgState,
  kind: ApiKind,
  record: EntityRecord,
  opts: { scope?: Scope; dryRun?: boolean; restoreLayer?: boolean } = {},
): Promise<WriteOk> {
  if (kind === "fence") {
    const { specialistId, workerProfileId, ...fence } = record as { specialistId?: string; workerProfileId?: string };
    return updateEntity(state, "fence", String(workerProfileId ?? specialistId ?? ""), fence, opts);
  }
  checkGeneration(state, kind);
  if (!isWritable(kind)) throw readOnlyKind(kind, state.paths.adapter.principal, true);
  // Construct 2.x keys a worker profile without an id by its name.
  const replace = ENTITY_KIND_SPECS[kind].merge === "replace";
  const rawId = record.id ?? (replace ? record.name : undefined);
  const scope = checkWritable(kind, String(rawId ?? ""), opts.scope ?? "project", state.paths.adapter.principal);
  if (kindIdProblem(kind, rawId)) {
    // Report the bad id together with every other problem of the record, before any path exists.
    const result = validateDraft((await state.snapshot()).index, kind, { ...record, id: rawId });
    throw new AppError(
      "invalid",
      `the ${kind} has ${result.errors.length} error(s); nothing was written`,
      result.errors,
    );
  }
  const badId = writeIdProblem(kind, rawId);
  if (badId)
    throw new AppError("invalid", badId.message, [
      fieldError(badId.rule, "error", badId.message, SECTION_OF[kind], String(rawId), ["id"]),
    ]);
  const id = rawId as string;
  const section = SECTION_OF[kind];
  // A new record never silently becomes an override: only restoring a removed layer (undo) may sit over a lower tier.
  const assertFree = (fresh: Row | null) => {
    const taken = fresh?.layers.filter((l) => l.scope === scope || !opts.restoreLayer) ?? [];
    if (fresh && taken.length)
      throw alreadyExists(
        kind,
        id,
        taken.map((l) => l.scope),
        section,
        { record: fresh.record, etag: fresh.etag },
      );
  };
  // Checked before the lock too, whose file would be a write on a refusal.
  assertFree(await freshRow(state, section, id));
  return underLock(state, scope, opts.dryRun, async () => {
    const fresh = await freshRow(state, section, id);
    assertFree(fresh);
    const lower = (fresh?.layers ?? []).filter((l) => SCOPE_RANK[l.scope] < SCOPE_RANK[scope]);
    const fileRecord = replace ? newProfileFile(state, scope, id, record) : structuredClone(record);
    const merged = replace
      ? { ...fileRecord, id }
      : mergeLayers([...lower, { scope, file: "", path: "", record: fileRecord, etag: "" }]);
    // The scaffold's prompt stub is written with the record, so its promptFile counts as there.
    const stub = replace ? defaultPromptFile(state, scope, id) : undefined;
    const warnings = await checkDraft(state, kind, merged, { writesPrompt: stub });
    if (opts.dryRun) return dryRunOf(state, kind, scope, id, fileRecord, merged, fresh?.etag ?? "", warnings);
    if (replace) await writePromptStub(state, scope, id, fileRecord);
    return { ...(await writeLayer(state, kind, scope, id, fileRecord, merged)), warnings };
  });
}

/**
 * When the tier has no file for it yet, the file holds only the patched fields, as an override;
 * for a kind Construct replaces whole, a whole copy of the record below, patched.
 */
export async function updateEntity(
  state: OrgState,
  kind: ApiKind,
  id: string,
  patch: Record<string, unknown>,
  opts: { scope?: Scope; ifMatch?: string; dryRun?: boolean } = {},
): Promise<WriteOk> {
  checkGeneration(state, kind);
  if (!isWritable(kind)) throw readOnlyKind(kind, state.paths.adapter.principal);
  const entityKind = recordKindOf(kind, state.paths.adapter.principal);
  const replace = ENTITY_KIND_SPECS[entityKind].merge === "replace";
  const scope = checkWritable(kind, id, opts.scope ?? "project", state.paths.adapter.principal);
  checkId(entityKind, id);
  const section = SECTION_OF[entityKind];
  if (patch.id !== undefined && patch.id !== id) throw renamed(kind, id, section, "id");
  // Checked before the lock too, whose file (and folder) would be a write for a change of nothing.
  const before = await freshRow(state, section, id);
  const unchanged =
    before && unchangedOf(entityKind, effectivePatchOf(kind, entityKind, patch, before.record), before, scope);
  if (unchanged) return unchanged;
  return underLock(state, scope, opts.dryRun, async () => {
    const fresh = await freshRow(state, section, id);
    if (!fresh) throw new AppError("not_found", `${kind} "${id}" does not exist`);
    if (opts.ifMatch && opts.ifMatch !== fresh.etag)
      throw new AppError(
        "conflict",
        `${kind} "${id}" changed since you read it; reload, or resend with the current ETag to overwrite`,
        [],
        { record: fresh.record, etag: fresh.etag },
      );
    const own = fresh.layers.find((l) => l.scope === scope);
    const lower = fresh.layers.filter((l) => SCOPE_RANK[l.scope] < SCOPE_RANK[scope]);
    const higher = fresh.layers.filter((l) => SCOPE_RANK[l.scope] > SCOPE_RANK[scope]);
    const effectivePatch = effectivePatchOf(kind, entityKind, patch, fresh.record);
    const unchanged = unchangedOf(entityKind, effectivePatch, fresh, scope);
    if (unchanged) return unchanged;
    // Read under the lock, right after freshRow checked its version: the text that version holds.
    const text = own ? (await readFile(own.file, "utf8")).replace(/^\uFEFF/, "") : null;
    const fileRecord = applyPatch(baseOf(replace, id, own, text, lower), effectivePatch);
    // A file without an id is keyed by its name: a new name would be another profile.
    if (replace && fileRecord.id === undefined && fileRecord.name !== id) throw renamed(kind, id, section, "name");
    const merged = replace
      ? (higher[higher.length - 1]?.record ?? { ...fileRecord, id })
      : mergeLayers([...lower, { scope, file: "", path: "", record: fileRecord, etag: "" }, ...higher]);
    const warnings = await checkDraft(state, entityKind, replace ? { ...fileRecord, id } : merged);
    if (opts.dryRun) return dryRunOf(state, entityKind, scope, id, fileRecord, merged, fresh.etag, warnings);
    const edit = text === null ? undefined : { text, patch: effectivePatch };
    // The record's own file may be named otherwise than its id.
    return { ...(await writeLayer(state, entityKind, scope, id, fileRecord, merged, edit, own?.file)), warnings };
  });
}

export async function removeEntity(
  state: OrgState,
  kind: ApiKind,
  id: string,
  opts: { scope?: Scope; force?: boolean; ifMatch?: string; dryRun?: boolean; deletePrompt?: boolean } = {},
): Promise<RemoveOk> {
  checkGeneration(state, kind);
  if (kind === "fence") {
    const holder = recordKindOf(kind, state.paths.adapter.principal);
    const holders = holder === "specialist" ? "specialist" : "worker profile";
    throw new AppError("conflict", `a fence cannot be removed: every ${holders} needs one`, [
      fieldError(
        "fence-not-removable",
        "error",
        `the fence of "${id}" cannot be removed; edit its allowedPaths instead`,
        SECTION_OF[holder],
        id,
        ["fence"],
      ),
    ]);
  }
  if (!isWritable(kind)) throw readOnlyKind(kind, state.paths.adapter.principal);
  const scope = checkWritable(kind, id, opts.scope ?? "project", state.paths.adapter.principal);
  checkId(kind, id);
  const section = SECTION_OF[kind];
  return underLock(state, scope, opts.dryRun, async (): Promise<RemoveOk> => {
    const fresh = await freshRow(state, section, id);
    const own = fresh?.layers.find((l) => l.scope === scope);
    if (!fresh) throw new AppError("not_found", `${kind} "${id}" does not exist`);
    if (!own) {
      if (fresh.layers.every((l) => l.scope === "builtin" || l.scope === "pack"))
        throw readonlyBuiltin(kind, id, state.paths.adapter.principal, fresh.scope === "pack" ? "pack" : "builtin");
      throw new AppError("not_found", `${kind} "${id}" has no file in the ${scope} tier`, [
        fieldError(
          `${kind}-not-found-in-tier`,
          "error",
          `${kind} "${id}" is defined in ${fresh.layers.map((l) => l.scope).join(", ")}, not in ${scope}`,
          section,
          id,
        ),
      ]);
    }
    if (opts.ifMatch && opts.ifMatch !== fresh.etag)
      throw new AppError("conflict", `${kind} "${id}" changed since you read it; reload before removing`, [], {
        record: fresh.record,
        etag: fresh.etag,
      });
    const remaining = fresh.layers.filter((l) => l.scope !== scope);
    if (remaining.length === 0 && !opts.force) {
      const refs = referencesTo((await state.snapshot()).index, kind, id);
      if (refs.length)
        throw new AppError(
          "conflict",
          `${kind} "${id}" is still referenced ${refs.length} time(s); remove the references or pass force`,
          refs,
        );
    }
    const revealed = remaining.length ? remaining[remaining.length - 1].scope : null;
    const prompt =
      ENTITY_KIND_SPECS[kind].merge === "replace"
        ? { prompt: await promptAfterRemove(state, scope, id, { deletePrompt: opts.deletePrompt, dryRun: true }) }
        : {};
    if (opts.dryRun)
      return { ok: true, dryRun: true, path: own.path, revealed, record: own.record, etag: fresh.etag, ...prompt };
    await removeFile(state.tierDir(scope), own.file);
    if (prompt.prompt) await promptAfterRemove(state, scope, id, opts);
    state.invalidate();
    return {
      ok: true,
      path: own.path,
      revealed,
      record: own.record,
      ...prompt,
      // The version the removal left (a lower tier's), for an undo that must not overwrite a newer one.
      etag: remaining.length ? ((await freshRow(state, section, id))?.etag ?? null) : null,
    };
  });
}
