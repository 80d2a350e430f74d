import type { Contract } from "./contract";
import type { Fence } from "./fence";
import {
  ENFORCEMENT_LEVELS,
  MODEL_TIERS,
  POSTCONDITION_CHECK_NAMES,
  POSTCONDITION_TYPES,
  REASONING_EFFORTS,
  TEAM_KINDS,
} from "./kinds";
import type { Policy } from "./policy";
import type { Specialist } from "./specialist";
import type { Group, Team } from "./team";

/**
 * Lenient typed views of records that may be partial (an override carries only what it changes) or
 * invalid: every declared field optional, a mistyped value dropped; validation still sees the raw record.
 * No zod here, so it stays out of the editor's first load; the field tables are typed against each schema.
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
const count: Reader<number> = (v) => (typeof v === "number" ? v : undefined);
const anything: Reader<unknown> = (v) => v;
const oneOf =
  <const V extends string>(values: readonly V[]): Reader<V> =>
  (v) =>
    typeof v === "string" && (values as readonly string[]).includes(v) ? (v as V) : undefined;
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
export const fenceView = object<Fence>({
  allowedPaths: texts,
  allowedCommands: texts,
  allowedBdLabels: texts,
  approvalRequired: texts,
  deniedActions: texts,
});

type WatchCondition = NonNullable<Specialist["watchConditions"]>[number];
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
  docArtifacts: texts,
  watchConditions: list(object<WatchCondition>({ watcher: text, reason: text })),
  permissions: anyMap,
  injectAgentRoster: flag,
  embedOrientation: object<NonNullable<Specialist["embedOrientation"]>>({
    focusAreas: texts,
    riskSignals: texts,
    artifactBias: texts,
  }),
  wordCapOverride: count,
  canEdit: flag,
  liveWebAccess: flag,
  internal: flag,
  severityImmediate: texts,
  killSwitchEnv: text,
  participationRules: anything,
  custom: flag,
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
  manualOnly: flag,
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
  skillHints: texts,
  enforcementLevel: oneOf(ENFORCEMENT_LEVELS),
  approvalWorkerProfiles: texts,
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
  source: text,
});

export const VIEW_OF = {
  groups: groupView,
  teams: teamView,
  specialists: specialistView,
  contracts: contractView,
  policies: policyView,
} as const;
export type SectionView = { [S in keyof typeof VIEW_OF]: ReturnType<(typeof VIEW_OF)[S]> };
