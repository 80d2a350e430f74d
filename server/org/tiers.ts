import { type Dirent, lstatSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { isPlainObject } from "@/lib/json/safe-json";
import { fieldError } from "@/lib/org/field-error";
import { idProblem } from "@/schemas/common";
import type { FieldError } from "@/schemas/field-error";
import {
  bySection,
  ENTITY_KIND_SPECS,
  ENTITY_KINDS,
  type EntityRecord,
  type Generation,
  type Scope,
  SECTION_OF,
  SECTIONS,
  type Section,
} from "@/schemas/kinds";
import { MAX_FILE_BYTES, parsed, type ReadResult, readJsonFileSync, readListedJsonFileSync } from "../store/read";

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

// Tiers are read with synchronous calls, in slices of this many ms, so requests and events still run.
const SLICE_MS = 10;

function emptyTier(scope: Scope, dir: string): TierData {
  return {
    scope,
    dir,
    entities: bySection(() => new Map()),
    problems: [],
  };
}

/** A section of a tier and the folder its files are in. */
export type TierFolder = { section: Section; folder: string };
const ALL_FOLDERS: readonly TierFolder[] = SECTIONS.map((section) => ({ section, folder: section }));

/** The folders a tier of `generation` holds: Construct 2.x reads only worker profiles from the user and project tiers. */
export function tierFolders(generation: Generation, scope: Scope): readonly TierFolder[] {
  return ENTITY_KINDS.filter((kind) => {
    const spec = ENTITY_KIND_SPECS[kind];
    return spec.generation === generation && (scope === "builtin" || generation === "adr" || spec.writable);
  }).map((kind) => ({ section: SECTION_OF[kind], folder: SECTION_OF[kind] }));
}

/**
 * Reads `<dir>/<folder>/<id>.json` for each of `folders` (by default every section); a broken file
 * becomes a FieldError naming it, and the rest loads.
 */
export async function loadTier(
  scope: Scope,
  dir: string,
  displayBase: string,
  folders: readonly TierFolder[] = ALL_FOLDERS,
): Promise<TierData> {
  const tier = emptyTier(scope, dir);
  const isLink = (p: string) => {
    try {
      return lstatSync(p).isSymbolicLink();
    } catch {
      return false;
    }
  };
  const tierLinked = isLink(dir);
  for (const { section, folder } of folders) {
    const sectionDir = path.join(dir, folder);
    // readdir follows a linked folder, whose files would then pass as regular files of this tier.
    const linked = tierLinked ? dir : isLink(sectionDir) ? sectionDir : null;
    if (linked) {
      const shown = displayPath(linked, displayBase);
      tier.problems.push({
        ...fieldError(
          "folder-symlink",
          "error",
          `${shown}: is a symbolic link; org folders must be real folders inside their tier, so the ${section} in it are ignored until it is fixed`,
          section,
          "",
        ),
        path: shown,
      });
      continue;
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(sectionDir, { withFileTypes: true }).filter(
        (e) => e.name.endsWith(".json") && !e.name.startsWith("."),
      );
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // Each file's paths join one prefix per folder to its name: one string piece per file, not two.
    const shownPrefix = `${displayPath(sectionDir, displayBase)}/`;
    const filePrefix = `${sectionDir}${path.sep}`;
    let sliceStart = performance.now();
    for (const entry of entries) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      const name = entry.name;
      const file = filePrefix + name;
      // Anything but a regular file (a link, a folder, a FIFO) goes the careful way, which names it.
      addEntry(tier, section, shownPrefix + name, name, file, () =>
        entry.isFile() ? readListedJsonFileSync(file) : readJsonFileSync(file),
      );
    }
  }
  return tier;
}

function addEntry(
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

export type TierBlob = { section: Section; name: string; content: Buffer | null; symlink?: boolean; oid?: string };

/**
 * A tier from git objects, with `loadTier`'s rules: bad names, unparseable files and links become FieldErrors.
 * `parsedByOid` keeps each blob's parse for the next commit that holds the same blob.
 */
export function tierFromBlobs(
  scope: Scope,
  dir: string,
  displayBase: string,
  blobs: readonly TierBlob[],
  parsedByOid?: Map<string, ReadResult>,
): TierData {
  const tier = emptyTier(scope, dir);
  const sorted = [...blobs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const blob of sorted) {
    if (!blob.name.endsWith(".json") || blob.name.startsWith(".")) continue;
    const file = path.join(dir, blob.section, blob.name);
    const shown = `${displayPath(path.join(dir, blob.section), displayBase)}/${blob.name}`;
    addEntry(tier, blob.section, shown, blob.name, file, () =>
      blob.symlink
        ? {
            ok: false,
            code: "symlink",
            message: "is a symbolic link; org files must be regular files inside their tier",
          }
        : blob.content === null
          ? { ok: false, code: "not-regular", message: "is not a regular file" }
          : blob.content.length > MAX_FILE_BYTES
            ? { ok: false, code: "too-large", message: `is larger than ${MAX_FILE_BYTES} bytes` }
            : parseOnce(blob.content, blob.oid, parsedByOid),
    );
  }
  return tier;
}

function parseOnce(content: Buffer, oid: string | undefined, cache: Map<string, ReadResult> | undefined): ReadResult {
  const known = oid ? cache?.get(oid) : undefined;
  if (known) return known;
  const result = parsed(content);
  if (oid) cache?.set(oid, result);
  return result;
}
