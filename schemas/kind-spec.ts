import type { Contract } from "./contract";
import type { EntityRecord, FormName } from "./kinds";
import type { Policy } from "./policy";
import type { Capability, Procedure, RegistryPolicy, WorkspacePreset } from "./registry";
import type { Specialist } from "./specialist";
import type { Group, Team } from "./team";
import type { Known } from "./views";
import type { WorkerProfile } from "./worker-profile";

// Types only, and plain helpers: the editor's first load reads the kind specs, and zod weighs about 40 kB gz.

/** The fields a record of type `T` has, and one level into its object fields (`teamBoundary.producerTeam`). */
type FieldOf<T> = {
  [K in keyof Known<T> & string]:
    | K
    | (NonNullable<Known<T>[K]> extends readonly unknown[]
        ? never
        : NonNullable<Known<T>[K]> extends object
          ? `${K}.${keyof Known<NonNullable<Known<T>[K]>> & string}`
          : never);
}[keyof Known<T> & string];

/** The inferred type of each record kind's schema (the schemas themselves are in ./entity-kinds). */
export type RecordOf = {
  group: Group;
  team: Team;
  specialist: Specialist;
  contract: Contract;
  // Construct checks only that a policy is an object; a file's `name` is still shown when it has one.
  policy: Policy & { name?: string };
  "worker-profile": WorkerProfile;
  procedure: Procedure;
  capability: Capability;
  "workspace-preset": WorkspacePreset;
  "registry-policy": RegistryPolicy;
};

export type EntityKindSpec<K extends keyof RecordOf> = {
  /** Its folder in each tier (`org/<section>/<id>.json`) and its key in `OrgRecords`. */
  section: string;
  /** One record and the heading of many ("Team", "Teams"). */
  title: string;
  titles: string;
  /** Whether the studio writes it (user and project tiers), or only shows it. */
  writable: boolean;
  /**
   * How tiers combine: field by field (a user file may set one field of a built-in record), or a
   * later tier's file replaces the whole record, as Construct 2.x loads custom worker profiles.
   */
  merge: "fields" | "replace";
  /**
   * What the studio checks beyond Construct's own rules: `warnings`, its unknown fields and house
   * fields warned about; or `construct-only`, where Construct lets a record carry any field and the
   * house fields restate its own refusals, so they stay strict.
   */
  beyond: "warnings" | "construct-only";
  /**
   * Ids name files, so a kind the studio writes takes the file-name grammar of `idProblem`
   * (schemas/common); a registry record Construct keys by a dotted name (`workflow.prd-draft`) takes
   * `dotted-name`.
   */
  id: "file-name" | "dotted-name";
  /**
   * Fields a patch keeps in step with the one it changes, as Construct derives them when it writes
   * the record (a worker profile's displayName follows its description): the patch, completed.
   */
  follow?: (current: EntityRecord, patch: Record<string, unknown>) => Record<string, unknown>;
  /** What the canvas reads at first paint (lib/api/summary): a field the graph starts reading goes here. */
  graphFields: readonly FieldOf<RecordOf[K]>[];
  /** The field order files are written in, so app-written files read like hand-written ones. */
  keys: readonly (keyof Known<RecordOf[K]> & string)[];
  form: FormName;
  /** The list page's line for a record: the fields a person scans for. */
  line: (r: EntityRecord) => string;
  /** What the palette searches besides id and name; never a prompt body, which would match everything. */
  searchText: (r: EntityRecord) => unknown[];
};

/** A field as list-line text: a string as is, anything else empty. */
export const text = (v: unknown) => (typeof v === "string" ? v : "");
export const list = (v: unknown) => (Array.isArray(v) ? v.join(", ") : "");
