import type { z } from "zod";
import { dottedIdProblem, idProblem } from "./common";
import { contractSchema } from "./contract";
import { ENTITY_KIND_SPECS, type EntityKind, type Section, SUB_KIND_SPECS } from "./kinds";
import { policySchema } from "./policy";
import { capabilitySchema, procedureSchema, registryPolicySchema, workspacePresetSchema } from "./registry";
import { specialistSchema } from "./specialist";
import { groupSchema, teamSchema } from "./team";
import { workerProfileSchema } from "./worker-profile";

// Each record kind's schema, beside the zod-free rest of its spec in ./kinds (the editor's first load reads that part).
export const ENTITY_SCHEMAS = {
  group: groupSchema,
  team: teamSchema,
  specialist: specialistSchema,
  contract: contractSchema,
  policy: policySchema,
  "worker-profile": workerProfileSchema,
  procedure: procedureSchema,
  capability: capabilitySchema,
  "workspace-preset": workspacePresetSchema,
  "registry-policy": registryPolicySchema,
} as const satisfies Record<EntityKind, z.ZodType>;

/** Every record kind's whole spec: ./kinds' entry and its schema. */
export const ENTITY_SPECS = Object.fromEntries(
  Object.entries(ENTITY_KIND_SPECS).map(([kind, spec]) => [
    kind,
    { ...spec, schema: ENTITY_SCHEMAS[kind as EntityKind] },
  ]),
) as { [K in EntityKind]: (typeof ENTITY_KIND_SPECS)[K] & { schema: (typeof ENTITY_SCHEMAS)[K] } };

/** A kind the API serves: a record kind, a fence or a skill. */
type ServedKind = EntityKind | keyof typeof SUB_KIND_SPECS;
const isSub = (kind: ServedKind): kind is keyof typeof SUB_KIND_SPECS => kind in SUB_KIND_SPECS;

type SubKinds = typeof SUB_KIND_SPECS;
/** The kinds a write may name: the record kinds (each spec says if it is written) and the writable sub-kinds. */
export type WritableKind =
  | EntityKind
  | { [K in keyof SubKinds]: SubKinds[K]["writable"] extends true ? K : never }[keyof SubKinds];

/** Whether the API writes records of `kind`. */
export const isWritable = (kind: ServedKind): kind is WritableKind =>
  isSub(kind) ? SUB_KIND_SPECS[kind].writable : ENTITY_KIND_SPECS[kind].writable;

/**
 * The record kind a kind is served as: a sub-kind's, the project's principal kind (the one holding
 * fences and skills: a specialist, or a worker profile); a record kind, itself.
 */
export const recordKindOf = (kind: ServedKind, principal: EntityKind): EntityKind => (isSub(kind) ? principal : kind);

/** The section a kind's problems and records are reported under: a sub-kind's, its principal kind's. */
export const servedSection = (kind: ServedKind, principal: EntityKind): Section =>
  ENTITY_KIND_SPECS[recordKindOf(kind, principal)].section;

/** What a refused write of a read-only kind says, and where such records are edited instead. */
export function readOnlyText(kind: ServedKind): { message: string; edited: string } {
  if (!isSub(kind)) {
    // The record kinds the studio does not write are the ones Construct 2.x keeps in its package's registry.
    const titles = ENTITY_KIND_SPECS[kind].titles.toLowerCase();
    return {
      message: `Construct 2.x keeps ${titles} only in its package's registry; a project cannot add or change one`,
      edited: `${titles} are read from the installed package's registry/ and change only with a new Construct release`,
    };
  }
  const { titles, files } = SUB_KIND_SPECS[kind];
  return {
    message: `${titles} are read-only through this API`,
    edited: `${titles} are edited as files under ${files}`,
  };
}

/**
 * Why `id` is not an id of `kind`, or null. A record's id names its file; a skill's is its path
 * under skills/ (`<bundle>/<name>`), looked up among the skills read, never a path to build.
 */
export function kindIdProblem(kind: ServedKind, id: unknown): string | null {
  const grammar = isSub(kind) ? SUB_KIND_SPECS[kind].id : ENTITY_KIND_SPECS[kind].id;
  return grammar === "file-name" ? idProblem(id) : grammar === "dotted-name" ? dottedIdProblem(id) : null;
}
