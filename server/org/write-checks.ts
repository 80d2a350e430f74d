import path from "node:path";
import { isPlainObject } from "@/lib/json/safe-json";
import { fieldError } from "@/lib/org/field-error";
import { validateDraft } from "@/lib/org/validate";
import { idProblem } from "@/schemas/common";
import { kindIdProblem, readOnlyText, servedSection } from "@/schemas/entity-kinds";
import type { FieldError } from "@/schemas/field-error";
import { NOT_IN_GENERATION } from "@/schemas/generation";
import {
  ENTITY_KIND_SPECS,
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
import { KEBAB_PATTERN } from "@/schemas/worker-profile";
import { KNOWN_CONSTRUCT_VERSIONS } from "../construct/detect";
import { AppError } from "../errors";
import type { GenerationAdapter } from "../generations/adapter";
import { readJsonFile } from "../store/read";
import { confinedPath } from "../store/write";
import { type Row, toRow } from "./merge";
import type { OrgState } from "./org-state";
import { displayPath, type Layer } from "./tiers";

export function readonlyBuiltin(
  kind: ApiKind,
  id: string,
  principal: EntityKind,
  scope: "builtin" | "pack" = "builtin",
): AppError {
  const section = servedSection(kind, principal);
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
export function readOnlyKind(kind: ApiKind, principal: EntityKind, where = false): AppError {
  const text = readOnlyText(kind);
  return new AppError(
    "forbidden",
    text.message,
    where ? [fieldError(`${kind}-read-only`, "error", text.edited, servedSection(kind, principal), "")] : undefined,
  );
}

export function checkWritable(kind: ApiKind, id: string, scope: Scope | string, principal: EntityKind): WritableScope {
  if (scope === "builtin" || scope === "pack") throw readonlyBuiltin(kind, id, principal, scope);
  if (!(WRITABLE_SCOPES as readonly string[]).includes(scope))
    throw new AppError("bad_request", `unknown scope ${JSON.stringify(scope)}: use user or project`);
  return scope as WritableScope;
}

/** The answer to any use of a record kind the project's generation does not have: it does not exist there. */
export function kindNotInGeneration(adapter: GenerationAdapter, kind: ApiKind): AppError | null {
  if (kind === "fence" || kind === "skill" || adapter.kinds.includes(kind)) return null;
  const message = adapter.absentKind(kind);
  return new AppError("not_in_generation", message, [
    fieldError(NOT_IN_GENERATION, "error", message, ENTITY_KIND_SPECS[kind].section, ""),
  ]);
}

/**
 * Refuses, before anything is read or written, a write the project's Construct cannot hold: any
 * write under a release the studio does not know, and a kind the project's generation does not have.
 */
export function checkGeneration(state: OrgState, kind: ApiKind): void {
  const { construct, adapter } = state.paths;
  if (construct.readOnly) {
    const message = `Construct ${construct.version} is a release the studio does not know (it writes for ${KNOWN_CONSTRUCT_VERSIONS.join(", ")}): the org is shown read-only and nothing was written`;
    const section = servedSection(kind, adapter.principal);
    throw new AppError("forbidden", message, [fieldError("construct-version-unknown", "error", message, section, "")]);
  }
  const absent = kindNotInGeneration(adapter, kind);
  if (absent) throw absent;
}

/**
 * Why a new record may not take `id`: the kind's grammar, and for a worker profile Construct 2.x's
 * own (kebab-case, a letter first). A `cx-` prefix, which its registry refuses for its own profiles
 * but a custom one may carry, is a warning of the profile's rules, not a refusal.
 */
export function writeIdProblem(kind: EntityKind, id: unknown): { rule: string; message: string } | null {
  const problem = kindIdProblem(kind, id);
  if (problem) return { rule: "invalid-id", message: problem };
  if (kind !== "worker-profile") return null;
  if (!KEBAB_PATTERN.test(id as string))
    return {
      rule: "invalid-id",
      message: `"${id}" is not a worker profile id: Construct 2.x takes lowercase kebab-case starting with a letter (^[a-z][a-z0-9-]*$)`,
    };
  return null;
}

/** An update may not change what a record is keyed by. */
export const renamed = (kind: ApiKind, id: string, section: Section, field: "id" | "name") =>
  new AppError("invalid", "an id cannot be changed by an update", [
    fieldError(
      "id-immutable",
      "error",
      `the ${field} of ${kind} "${id}" cannot change; create a new one and remove this one`,
      section,
      id,
      [field],
    ),
  ]);

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

/** Throws `invalid` when `merged` has errors, else returns the warnings; `writesPrompt` is a prompt file the write creates. */
export async function checkDraft(
  state: OrgState,
  kind: EntityKind,
  merged: EntityRecord,
  opts: { writesPrompt?: string } = {},
): Promise<FieldError[]> {
  const index = (await state.snapshot()).index;
  const exists = index.promptFileExists;
  const result = validateDraft(
    opts.writesPrompt && exists
      ? { ...index, promptFileExists: (file) => file === opts.writesPrompt || exists(file) }
      : index,
    kind,
    merged,
  );
  if (!result.ok)
    throw new AppError(
      "invalid",
      `the ${kind} has ${result.errors.length} error(s); nothing was written`,
      result.errors,
    );
  return result.warnings;
}

/** `scopes` are the tiers that hold the id, lowest first; the message names each. */
export function alreadyExists(
  kind: EntityKind,
  id: string,
  scopes: Scope | readonly Scope[],
  section: Section,
  current?: { record: EntityRecord; etag: string },
): AppError {
  const tiers = typeof scopes === "string" ? [scopes] : [...new Set(scopes)];
  const where = `the ${tiers.join(" and ")} tier${tiers.length > 1 ? "s" : ""}`;
  const writable = tiers.some((t) => t === "user" || t === "project");
  const fix = writable ? "update it instead" : "open it and save a change to override it, or choose another id";
  return new AppError(
    "conflict",
    `${kind} "${id}" already exists in ${where}; ${fix}; nothing was written`,
    [fieldError(`${kind}-already-exists`, "error", `${kind} "${id}" already exists in ${where}`, section, id, ["id"])],
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
