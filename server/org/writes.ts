import { readFile } from "node:fs/promises";
import { editJsonText } from "@/lib/json/minimal-edit";
import { orderKeys, stringifyRecord } from "@/lib/json/safe-json";
import { fieldError } from "@/lib/org/field-error";
import { CANONICAL_KEYS } from "@/lib/org/key-order";
import { referencesTo, validateDraft } from "@/lib/org/validate";
import type { DryRunOk, RemoveOk, WriteOk } from "@/schemas/api/org";
import { isWritable, kindIdProblem } from "@/schemas/entity-kinds";
import type { FieldError } from "@/schemas/field-error";
import { type EntityKind, type EntityRecord, type Scope, SECTION_OF, type WritableScope } from "@/schemas/kinds";
import type { ApiKind } from "@/schemas/org";
import { AppError } from "../errors";
import { withTierLock } from "../store/lock";
import { assertFits, atomicWrite, confinedPath, removeFile } from "../store/write";
import { applyPatch, mergeLayers, SCOPE_RANK } from "./merge";
import type { OrgState } from "./org-state";
import { displayPath } from "./tiers";
import {
  alreadyExists,
  assertNotAnothersFile,
  checkDraft,
  checkId,
  checkWritable,
  freshRow,
  readOnlyKind,
  readonlyBuiltin,
} from "./write-checks";

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

async function writeLayer(
  state: OrgState,
  kind: EntityKind,
  scope: WritableScope,
  id: string,
  fileRecord: EntityRecord,
  merged: EntityRecord,
  edit?: { text: string; patch: Record<string, unknown> },
  existingFile?: string,
): Promise<WriteOk> {
  const dir = state.tierDir(scope);
  const file = existingFile ?? confinedPath(dir, SECTION_OF[kind], `${id}.json`);
  if (!existingFile) await assertNotAnothersFile(state, kind, scope, id, file);
  // An existing file is edited where it differs, so a save changes only what the user changed; its
  // stored value is the base, so a missing "id" stays missing. A huge patch is refused on size first.
  const plain = stringifyRecord(orderKeys(fileRecord, CANONICAL_KEYS[kind]));
  assertFits(file, plain);
  const text = edit
    ? editJsonText(edit.text, applyPatch(JSON.parse(edit.text), edit.patch), CANONICAL_KEYS[kind])
    : plain;
  assertFits(file, text);
  await atomicWrite(dir, file, text);
  state.invalidate();
  const row = await freshRow(state, SECTION_OF[kind], id);
  return {
    ok: true,
    path: displayPath(file, state.displayBase(scope)),
    record: row?.record ?? merged,
    etag: row?.etag ?? "",
    warnings: [],
  };
}

function dryRunOf(
  state: OrgState,
  kind: EntityKind,
  scope: WritableScope,
  id: string,
  fileRecord: EntityRecord,
  merged: EntityRecord,
  etag: string,
  warnings: FieldError[],
): DryRunOk {
  const file = confinedPath(state.tierDir(scope), SECTION_OF[kind], `${id}.json`);
  return {
    ok: true,
    dryRun: true,
    path: displayPath(file, state.displayBase(scope)),
    file: orderKeys(fileRecord, CANONICAL_KEYS[kind]),
    record: merged,
    etag,
    warnings,
  };
}

export async function createEntity(
  state: OrgState,
  kind: ApiKind,
  record: EntityRecord,
  opts: { scope?: Scope; dryRun?: boolean } = {},
): Promise<WriteOk> {
  if (kind === "fence") {
    const { specialistId, ...fence } = record as { specialistId?: string };
    return updateEntity(state, "fence", String(specialistId ?? ""), fence, opts);
  }
  if (!isWritable(kind)) throw readOnlyKind(kind, true);
  const scope = checkWritable(kind, String(record.id ?? ""), opts.scope ?? "project");
  if (kindIdProblem(kind, record.id)) {
    // Report the bad id together with every other problem of the record, before any path exists.
    const result = validateDraft((await state.snapshot()).index, kind, record);
    throw new AppError(
      "invalid",
      `the ${kind} has ${result.errors.length} error(s); nothing was written`,
      result.errors,
    );
  }
  const id = record.id as string;
  const section = SECTION_OF[kind];
  return underLock(state, scope, opts.dryRun, async () => {
    const fresh = await freshRow(state, section, id);
    if (fresh?.layers.some((l) => l.scope === scope))
      throw alreadyExists(kind, id, scope, section, { record: fresh.record, etag: fresh.etag });
    const lower = (fresh?.layers ?? []).filter((l) => SCOPE_RANK[l.scope] < SCOPE_RANK[scope]);
    const fileRecord = structuredClone(record);
    const merged = mergeLayers([...lower, { scope, file: "", path: "", record: fileRecord, etag: "" }]);
    const warnings = await checkDraft(state, kind, merged);
    if (opts.dryRun) return dryRunOf(state, kind, scope, id, fileRecord, merged, fresh?.etag ?? "", warnings);
    return { ...(await writeLayer(state, kind, scope, id, fileRecord, merged)), warnings };
  });
}

function patchFor(kind: ApiKind, patch: Record<string, unknown>, current: EntityRecord): Record<string, unknown> {
  if (kind !== "fence") return patch;
  const fence: Record<string, unknown> = { ...((current.fence as object) ?? {}), ...patch };
  for (const [k, v] of Object.entries(fence)) if (v === null) delete fence[k];
  return { fence };
}

/** When the tier has no file for it yet, the file holds only the patched fields, as an override. */
export async function updateEntity(
  state: OrgState,
  kind: ApiKind,
  id: string,
  patch: Record<string, unknown>,
  opts: { scope?: Scope; ifMatch?: string; dryRun?: boolean } = {},
): Promise<WriteOk> {
  if (!isWritable(kind)) throw readOnlyKind(kind);
  const entityKind: EntityKind = kind === "fence" ? "specialist" : kind;
  const scope = checkWritable(kind, id, opts.scope ?? "project");
  checkId(entityKind, id);
  const section = SECTION_OF[entityKind];
  if (patch.id !== undefined && patch.id !== id)
    throw new AppError("invalid", "an id cannot be changed by an update", [
      fieldError(
        "id-immutable",
        "error",
        `the id of ${kind} "${id}" cannot change; create a new one and remove this one`,
        section,
        id,
        ["id"],
      ),
    ]);
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
    const effectivePatch = patchFor(kind, patch, fresh.record);
    const fileRecord = applyPatch(own?.record ?? { id }, effectivePatch);
    const merged = mergeLayers([...lower, { scope, file: "", path: "", record: fileRecord, etag: "" }, ...higher]);
    const warnings = await checkDraft(state, entityKind, merged);
    if (opts.dryRun) return dryRunOf(state, entityKind, scope, id, fileRecord, merged, fresh.etag, warnings);
    // Read under the lock, right after freshRow checked its version: the text that version holds.
    const text = own ? (await readFile(own.file, "utf8")).replace(/^\uFEFF/, "") : null;
    const edit = text === null ? undefined : { text, patch: effectivePatch };
    // The record's own file may be named otherwise than its id.
    return { ...(await writeLayer(state, entityKind, scope, id, fileRecord, merged, edit, own?.file)), warnings };
  });
}

export async function removeEntity(
  state: OrgState,
  kind: ApiKind,
  id: string,
  opts: { scope?: Scope; force?: boolean; ifMatch?: string; dryRun?: boolean } = {},
): Promise<RemoveOk> {
  if (kind === "fence")
    throw new AppError("conflict", "a fence cannot be removed: every specialist needs one", [
      fieldError(
        "fence-not-removable",
        "error",
        `the fence of "${id}" cannot be removed; edit its allowedPaths instead`,
        "specialists",
        id,
        ["fence"],
      ),
    ]);
  if (!isWritable(kind)) throw readOnlyKind(kind);
  const scope = checkWritable(kind, id, opts.scope ?? "project");
  checkId(kind, id);
  const section = SECTION_OF[kind];
  return underLock(state, scope, opts.dryRun, async (): Promise<RemoveOk> => {
    const fresh = await freshRow(state, section, id);
    const own = fresh?.layers.find((l) => l.scope === scope);
    if (!fresh) throw new AppError("not_found", `${kind} "${id}" does not exist`);
    if (!own) {
      if (fresh.layers.every((l) => l.scope === "builtin" || l.scope === "pack"))
        throw readonlyBuiltin(kind, id, fresh.scope === "pack" ? "pack" : "builtin");
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
    if (opts.dryRun) return { ok: true, dryRun: true, path: own.path, revealed, record: own.record, etag: fresh.etag };
    await removeFile(state.tierDir(scope), own.file);
    state.invalidate();
    return {
      ok: true,
      path: own.path,
      revealed,
      record: own.record,
      // The version the removal left (a lower tier's), for an undo that must not overwrite a newer one.
      etag: remaining.length ? ((await freshRow(state, section, id))?.etag ?? null) : null,
    };
  });
}
