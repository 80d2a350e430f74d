import type { Contract } from "./contract";
import type { Fence } from "./fence";
import { MODEL_TIERS, POSTCONDITION_CHECK_NAMES, POSTCONDITION_TYPES, REASONING_EFFORTS, TEAM_KINDS } from "./kinds";
import type { Policy } from "./policy";
import type { Specialist } from "./specialist";
import type { Group, Team } from "./team";

/**
 * Lenient typed views: what rules, forms and the canvas read from a record that may be partial or
 * invalid. Records are partial by nature here: an override file in a higher tier carries only the
 * fields it changes, and only the record merged from every tier is validated (by the strict schema
 * of its kind), so every reader before or beside validation meets missing and mistyped fields.
 *
 * A view has every field the kind's schema declares, optional and of its declared type; a value of
 * another type is dropped (as are mistyped items of a list), so code reading `view.roles` gets
 * `string[] | undefined` and never has to cast. The strict schema still sees the raw record, so
 * what a view drops is reported by validation, not lost.
 *
 * No zod here: the canvas and the org index run in the editor's first load, which stays free of
 * zod (see `./kinds`). The field tables below are typed against `z.infer` of each schema, so a
 * field renamed, added or retyped in a schema fails to compile here until its reader follows.
 */

/** The fields a schema declares, without the index signature a loose object adds. */
export type Known<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** A value as a view holds it: lists keep their well-typed items, objects become views themselves. */
export type Lenient<X> = X extends string | number | boolean
  ? X
  : X extends readonly (infer E)[]
    ? Lenient<E>[]
    : X extends object
      ? string extends keyof X
        ? keyof Known<X> extends never
          ? X // a free-form map (`contact`, `mustMatchEnum`): kept as declared
          : View<X>
        : View<X>
      : X;

/** Every declared field of `T`, optional and of its declared type. */
export type View<T> = { [K in keyof Known<T>]?: Lenient<Exclude<Known<T>[K], undefined>> };

/** A record before it is read: the declared fields of `T` are named, their values unchecked. */
export type Unchecked<T> = { [K in keyof Known<T>]?: unknown };

type Reader<V> = (value: unknown) => V | undefined;
type Readers<T> = { [K in keyof View<T>]-?: Reader<Exclude<View<T>[K], undefined>> };

/** Whether a value is a JSON object: the one check before a raw record is read field by field. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const text: Reader<string> = (v) => (typeof v === "string" ? v : undefined);
const flag: Reader<boolean> = (v) => (typeof v === "boolean" ? v : undefined);
const anything: Reader<unknown> = (v) => v;
const oneOf =
  <const V extends string>(values: readonly V[]): Reader<V> =>
  (v) =>
    typeof v === "string" && (values as readonly string[]).includes(v) ? (v as V) : undefined;
/** A list keeps the items its reader accepts, in order. */
const list =
  <V>(item: Reader<V>): Reader<V[]> =>
  (v) => {
    if (!Array.isArray(v)) return undefined;
    const out: V[] = [];
    for (const x of v) {
      const read = item(x);
      if (read !== undefined) out.push(read);
    }
    return out;
  };
const texts = list(text);
const mapOf =
  <V>(item: Reader<V>): Reader<Record<string, V>> =>
  (v) => {
    if (!isObject(v)) return undefined;
    const out: Record<string, V> = {};
    for (const [key, value] of Object.entries(v)) {
      const read = item(value);
      if (read !== undefined) out[key] = read;
    }
    return out;
  };
const anyMap: Reader<Record<string, unknown>> = (v) => (isObject(v) ? v : undefined);

/** A reader of a whole record (or nested object): each declared field through its reader. */
function object<T>(readers: Readers<T>): (value: unknown) => View<T> | undefined {
  const fields = Object.entries(readers) as [string, Reader<unknown>][];
  return (value) => {
    if (!isObject(value)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, read] of fields) {
      const v = read(value[key]);
      if (v !== undefined) out[key] = v;
    }
    return out as View<T>;
  };
}

/** The view of a whole record: an empty view when the value is not an object at all. */
function recordView<T>(readers: Readers<T>): (rec: unknown) => View<T> {
  const read = object<T>(readers);
  return (rec) => read(rec) ?? {};
}

export type FenceView = View<Fence>;
/** A fence's view, or undefined when the value is not an object. */
export const fenceView = object<Fence>({
  allowedPaths: texts,
  allowedCommands: texts,
  allowedBdLabels: texts,
  approvalRequired: texts,
  deniedActions: texts,
});

export type SpecialistView = View<Specialist>;
export const specialistView = recordView<Specialist>({
  id: text,
  name: text,
  displayName: text,
  description: text,
  when_to_use: text,
  role: text,
  modelTier: oneOf(MODEL_TIERS),
  reasoningEffort: oneOf(REASONING_EFFORTS),
  skills: texts,
  events: texts,
  fence: fenceView,
  handoffCandidates: texts,
  team: text,
  teamId: text,
  groupId: text,
  promptFile: text,
  claudeTools: text,
});

const teamFields = {
  id: text,
  name: text,
  owner: text,
  roles: texts,
  charter: text,
  groupId: text,
  decisionRights: texts,
  forbiddenDecisions: texts,
  escalationPath: texts,
  collaborators: texts,
  contact: anyMap,
  evidence: texts,
};

export type TeamView = View<Team>;
export const teamView = recordView<Team>({ ...teamFields, kind: oneOf(TEAM_KINDS), specialists: texts });

export type GroupView = View<Group>;
export const groupView = recordView<Group>({ ...teamFields, kind: oneOf(["group"]), squads: texts });

type Postcondition = NonNullable<Contract["postconditions"]>[number];
type PostconditionObject = Exclude<Postcondition, string>;
const postconditionObject = object<PostconditionObject>({
  id: text,
  description: text,
  postconditionType: oneOf(POSTCONDITION_TYPES),
  check: oneOf(POSTCONDITION_CHECK_NAMES),
  enforcedVia: text,
  section: text,
  field: text,
  columns: texts,
});

export type ContractView = View<Contract>;
export const contractView = recordView<Contract>({
  id: text,
  description: text,
  producer: text,
  consumer: text,
  trigger: anything,
  input: object<Contract["input"]>({ schema: text, mustContain: texts }),
  output: object<NonNullable<Contract["output"]>>({
    schema: text,
    type: text,
    mustContain: texts,
    mustContainOneOf: list(texts),
    mustMatchEnum: mapOf(texts),
  }),
  preconditions: texts,
  postconditions: list((v) => text(v) ?? postconditionObject(v)),
  teamBoundary: object<NonNullable<Contract["teamBoundary"]>>({
    crosses: flag,
    producerTeam: text,
    consumerTeam: text,
    requiresApprovalFrom: texts,
  }),
});

export type PolicyView = View<Policy>;
export const policyView = recordView<Policy>({
  id: text,
  owner: text,
  description: text,
  enforcement: text,
  mode: text,
  requiresApprovalFrom: texts,
  mayVetoFrom: texts,
  escalatesTo: texts,
  decisionRights: texts,
  conditions: list(anything),
  evidence: texts,
});

/** The view of each section's records, for code that walks the org section by section. */
export const VIEW_OF = {
  groups: groupView,
  teams: teamView,
  specialists: specialistView,
  contracts: contractView,
  policies: policyView,
} as const;
export type SectionView = { [S in keyof typeof VIEW_OF]: ReturnType<(typeof VIEW_OF)[S]> };
