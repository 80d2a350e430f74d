import os from "node:os";
import path from "node:path";
import { isPlainObject } from "@/lib/json/safe-json";
import { fieldError } from "@/lib/org/field-error";
import { idProblem } from "@/schemas/common";
import type { FieldError } from "@/schemas/field-error";
import { bySection, type EntityRecord, type Scope, SECTIONS, type Section } from "@/schemas/kinds";
import type { ReadResult } from "../store/read";

export type Layer = {
  scope: Scope;
  file: string;
  path: string;
  record: EntityRecord;
  etag: string;
  /** For pack layers: the pack id, and its place among the enabled packs (higher wins). */
  source?: string;
  order?: number;
};

export type TierData = {
  scope: Scope;
  dir: string;
  entities: Record<Section, Map<string, Layer>>;
  problems: FieldError[];
};

export function displayPath(file: string, base: string): string {
  const rel = path.relative(base, file);
  if (!rel.startsWith("..") && !path.isAbsolute(rel)) return rel.split(path.sep).join("/");
  const home = os.homedir();
  const fromHome = path.relative(home, file);
  return !fromHome.startsWith("..") && !path.isAbsolute(fromHome) ? `~/${fromHome.split(path.sep).join("/")}` : file;
}

/** A path outside the project as the user knows it: `~/…` under the home directory, else absolute. */
export function userPath(file: string): string {
  const fromHome = path.relative(os.homedir(), file);
  return !fromHome.startsWith("..") && !path.isAbsolute(fromHome) ? `~/${fromHome.split(path.sep).join("/")}` : file;
}

function fileProblem(
  shown: string,
  section: Section,
  id: string,
  rule: string,
  message: string,
  severity: FieldError["severity"] = "error",
): FieldError {
  return { ...fieldError(rule, severity, `${shown}: ${message}`, section, id), path: shown };
}

export function emptyTier(scope: Scope, dir: string): TierData {
  return {
    scope,
    dir,
    entities: bySection(() => new Map()),
    problems: [],
  };
}

/** Which names in a tier's folder are record files: \`<id>.json\`, not hidden. */
export const isRecordFileName = (name: string) => name.endsWith(".json") && !name.startsWith(".");

/** The order a tier's files load in: by code unit, so every platform and the reader thread agree. */
export const byFileName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** A section of a tier and the folder its files are in. */
export type TierFolder = { section: Section; folder: string };
export const ALL_FOLDERS: readonly TierFolder[] = SECTIONS.map((section) => ({ section, folder: section }));

/** Adds one file of a tier: its name checked, its content read by `read`, its record keyed as Construct keys it. */
export function addEntry(
  tier: TierData,
  section: Section,
  shown: string,
  name: string,
  file: string,
  read: () => ReadResult,
): void {
  const id = name.slice(0, -5);
  const badId = idProblem(id);
  if (badId) {
    tier.problems.push(
      fileProblem(
        shown,
        section,
        id,
        "invalid-file-name",
        `the file name is not a valid id (${badId}); the file is ignored`,
      ),
    );
    return;
  }
  const result = read();
  if (!result.ok) {
    tier.problems.push(
      fileProblem(
        shown,
        section,
        id,
        `file-${result.code}`,
        `${result.message}; the file is ignored until it is fixed`,
      ),
    );
    return;
  }
  if (!isPlainObject(result.value)) {
    tier.problems.push(
      fileProblem(
        shown,
        section,
        id,
        "file-not-an-object",
        "the file must hold one JSON object; it is ignored until it is fixed",
      ),
    );
    return;
  }
  // Keyed by the record's own id when it has a valid one, as Construct assembles its registry.
  // Construct 2.x keys a custom worker profile by its id, else its name, else its file name.
  const declared = result.value.id === undefined && section === "worker-profiles" ? result.value.name : result.value.id;
  const key = declared !== undefined && declared !== id && !idProblem(declared) ? (declared as string) : id;
  if (declared !== undefined && declared !== id) {
    tier.problems.push(
      fileProblem(
        shown,
        section,
        key,
        "file-id-mismatch",
        key === id
          ? `the record's id ${JSON.stringify(declared)} is not a valid id and differs from its file name; the file name (${id}) is used`
          : `the record's id "${key}" differs from its file name (${id}); it is keyed by its id, as Construct keys it`,
        "warning",
      ),
    );
  }
  const entities = tier.entities[section];
  if (entities.has(key)) {
    tier.problems.push(
      fileProblem(
        shown,
        section,
        key,
        "file-id-duplicate",
        `another file of this tier (${entities.get(key)?.path}) already holds id "${key}"; this file is ignored until one of them is renamed`,
      ),
    );
    return;
  }
  // A record that names itself rightly is used as parsed; copying it would cost as much as reading it.
  const record = result.value.id === key ? result.value : { ...result.value, id: key };
  entities.set(key, { scope: tier.scope, file, path: shown, record, etag: result.etag });
}
