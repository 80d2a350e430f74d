import { editJsonText } from "@/lib/json/minimal-edit";
import { orderKeys, stringifyRecord } from "@/lib/json/safe-json";
import { CANONICAL_KEYS } from "@/lib/org/key-order";
import type { DryRunOk, WriteOk } from "@/schemas/api/org";
import type { FieldError } from "@/schemas/field-error";
import { type EntityKind, type EntityRecord, SECTION_OF, type WritableScope } from "@/schemas/kinds";
import { assertFits, atomicWrite, confinedPath } from "../store/write";
import { applyPatch } from "./merge";
import type { OrgState } from "./org-state";
import { displayPath } from "./tiers";
import { assertNotAnothersFile, freshRow } from "./write-checks";

// Writing one record's layer, or saying what that write would be.

export async function writeLayer(
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

export function dryRunOf(
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
