import path from "node:path";
import { isPlainObject } from "@/lib/json/safe-json";
import { fieldError } from "@/lib/org/field-error";
import { validateDraft } from "@/lib/org/validate";
import { idProblem } from "@/schemas/common";
import { kindIdProblem, readOnlyText, servedSection } from "@/schemas/entity-kinds";
import type { FieldError } from "@/schemas/field-error";
import {
  type EntityKind,
  type EntityRecord,
  KIND_OF,
  type Scope,
  SECTION_OF,
  type Section,
  WRITABLE_SCOPES,
  type WritableScope,
} from "@/schemas/kinds";
import type { ApiKind } from "@/schemas/org";
import { AppError } from "../errors";
import { readJsonFile } from "../store/read";
import { confinedPath } from "../store/write";
import { type Row, toRow } from "./merge";
import type { OrgState } from "./org-state";
import { displayPath, type Layer } from "./tiers";

export function readonlyBuiltin(kind: ApiKind, id: string, scope: "builtin" | "pack" = "builtin"): AppError {
  const section = servedSection(kind);
  return new AppError("forbidden", `the ${scope} tier is read-only: write to the user or project tier instead`, [
    {
      ...fieldError(
        `${scope}-scope-readonly`,
        "error",
        `${scope} ${kind} "${id}" is read-only; create an override in the project or user tier`,
        section,
        id,
      ),
      location: "#/scope",
      field: "scope",
    },
  ]);
}

/** The refusal of any write of a kind the studio only shows; a create also says where it is edited. */
export function readOnlyKind(kind: ApiKind, where = false): AppError {
  const text = readOnlyText(kind);
  return new AppError(
    "forbidden",
    text.refusal,
    where ? [fieldError(`${kind}-read-only`, "error", text.edited, servedSection(kind), "")] : undefined,
  );
}

export function checkWritable(kind: ApiKind, id: string, scope: Scope | string): WritableScope {
  if (scope === "builtin" || scope === "pack") throw readonlyBuiltin(kind, id, scope);
  if (!(WRITABLE_SCOPES as readonly string[]).includes(scope))
    throw new AppError("bad_request", `unknown scope ${JSON.stringify(scope)}: use user or project`);
  return scope as WritableScope;
}

export function checkId(kind: EntityKind, id: unknown): string {
  const problem = kindIdProblem(kind, id);
  if (problem) {
    const safe = typeof id === "string" ? id.slice(0, 80) : "";
    throw new AppError("invalid", problem, [
      fieldError("invalid-id", "error", problem, SECTION_OF[kind], safe, ["id"]),
    ]);
  }
  return id as string;
}

/** Throws `invalid` when `merged` has errors, else returns the warnings. */
export async function checkDraft(state: OrgState, kind: EntityKind, merged: EntityRecord): Promise<FieldError[]> {
  const result = validateDraft((await state.snapshot()).index, kind, merged);
  if (!result.ok)
    throw new AppError(
      "invalid",
      `the ${kind} has ${result.errors.length} error(s); nothing was written`,
      result.errors,
    );
  return result.warnings;
}

export function alreadyExists(
  kind: EntityKind,
  id: string,
  scope: Scope,
  section: Section,
  current?: { record: EntityRecord; etag: string },
): AppError {
  return new AppError(
    "conflict",
    `${kind} "${id}" already exists in the ${scope} tier; update it instead`,
    [
      fieldError(
        `${kind}-already-exists`,
        "error",
        `${kind} "${id}" already exists in the ${scope} tier`,
        section,
        id,
        ["id"],
      ),
    ],
    current,
  );
}

/** A new layer goes to `<id>.json`; when that file holds another record (by its own id), writing would destroy it. */
export async function assertNotAnothersFile(
  state: OrgState,
  kind: EntityKind,
  scope: Scope,
  id: string,
  file: string,
): Promise<void> {
  const read = await readJsonFile(file);
  if (!read.ok || !isPlainObject(read.value)) return;
  const declared = read.value.id;
  if (declared === undefined || declared === id || idProblem(declared)) return;
  const shown = displayPath(file, state.displayBase(scope));
  throw new AppError(
    "conflict",
    `${shown} holds the ${kind} "${String(declared)}", not "${id}"; rename that file to ${String(declared)}.json first, so this write does not replace it`,
    [
      fieldError(
        "file-id-mismatch",
        "error",
        `${shown} holds the ${kind} "${String(declared)}"`,
        SECTION_OF[kind],
        id,
        ["id"],
      ),
    ],
  );
}

/** Re-reads every tier's file for one entity, so a version check sees edits made outside the app. */
export async function freshRow(state: OrgState, section: Section, id: string): Promise<Row | null> {
  const layers: Layer[] = [];
  const snap = await state.snapshot();
  // Pack files are read-only and watched: the snapshot's copy is current enough.
  for (const tier of snap.packTiers) {
    const layer = tier.entities[section].get(id);
    if (layer) layers.push(layer);
  }
  const known = snap.rows[section].get(id)?.layers;
  for (const scope of ["builtin", ...WRITABLE_SCOPES] as const) {
    const file =
      known?.find((l) => l.scope === scope)?.file ?? confinedPath(state.tierDir(scope), section, `${id}.json`);
    const read = await readJsonFile(file);
    if (!read.ok && read.code === "missing") continue;
    const shown = displayPath(file, state.displayBase(scope));
    if (!read.ok) throw new AppError("conflict", `${shown}: ${read.message}; fix or remove the file first`);
    if (!isPlainObject(read.value))
      throw new AppError("conflict", `${shown}: the file does not hold a JSON object; fix or remove the file first`);
    // Same keying as tiers.ts: a file whose valid id names another record is not this one's layer.
    const declared = read.value.id;
    const byName = path.basename(file) === `${id}.json`;
    if (declared !== undefined && declared !== id && !(byName && idProblem(declared))) continue;
    layers.push({ scope, file, path: shown, record: { ...read.value, id }, etag: read.etag });
  }
  return layers.length ? toRow(KIND_OF[section], id, layers) : null;
}
