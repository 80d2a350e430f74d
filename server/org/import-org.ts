import path from "node:path";
import { buildPointer, isAtOrUnder } from "@/lib/json/pointer";
import { orderKeys, stringifyRecord } from "@/lib/json/safe-json";
import { fieldError, splitBySeverity } from "@/lib/org/field-error";
import { fieldDiff, importedRecord, importKey, importModeOf } from "@/lib/org/import-diff";
import { CANONICAL_KEYS } from "@/lib/org/key-order";
import { buildIndex } from "@/lib/org/org-index";
import { problemKey, validateOrg } from "@/lib/org/validate";
import type { OrgPayload } from "@/schemas/api";
import type { ImportFile, ImportMode, ImportResult } from "@/schemas/api/org";
import { idProblem } from "@/schemas/common";
import type { FieldError } from "@/schemas/field-error";
import {
  ENTITY_KIND_SPECS,
  emptyOrg,
  KIND_OF,
  type OrgRecords,
  type Scope,
  SECTIONS,
  type Section,
  type WritableScope,
} from "@/schemas/kinds";
import { AppError } from "../errors";
import { etagOf } from "../store/read";
import { commitFiles } from "../store/transaction";
import { confinedPath } from "../store/write";
import { mergeTiers, type Rows, recordsOf } from "./merge";
import type { OrgState } from "./org-state";
import { displayPath, type TierData } from "./tiers";
import { alreadyExists, checkGeneration, checkWritable } from "./write-checks";
import { underLock } from "./writes";

export type ImportOptions = {
  scope?: Scope;
  /** What an update does with fields the import lacks, for every record (merge by default) … */
  mode?: ImportMode;
  /** … or for one, keyed `section/id`. */
  modes?: Readonly<Record<string, ImportMode>>;
  dryRun?: boolean;
  ifMatch?: string;
  /** The one record that must not exist yet in any tier (a new team: createTeam). */
  mustBeNew?: { section: Section; id: string };
};

export async function exportOrg(
  state: OrgState,
  opts: { scope?: Scope } = {},
): Promise<OrgPayload & { scope: Scope; exportedAt: string; errors: FieldError[] }> {
  const scope = opts.scope ?? "project";
  // tierDir refuses the pack scope: packs are not one tier.
  const dir = state.tierDir(scope);
  const tier = await state.paths.adapter.tiers.read(scope as Exclude<Scope, "pack">, dir, state.displayBase(scope));
  const payload = {
    scope,
    exportedAt: new Date().toISOString(),
    ...emptyOrg(),
    errors: tier.problems,
  } as OrgPayload & { scope: Scope; exportedAt: string; errors: FieldError[] };
  for (const section of SECTIONS) {
    for (const [id, layer] of [...tier.entities[section]].sort(([a], [b]) => a.localeCompare(b)))
      payload[section][id] = layer.record;
  }
  return payload;
}

/** A payload may hold only the kinds the project's generation writes; anything else is refused whole. */
function checkImportKinds(state: OrgState, payload: OrgPayload): void {
  const { adapter } = state.paths;
  const holds = (section: Section) => {
    const kind = KIND_OF[section];
    return ENTITY_KIND_SPECS[kind].writable && adapter.kinds.includes(kind);
  };
  const refused = SECTIONS.filter((section) => Object.keys(payload[section] ?? {}).length > 0 && !holds(section));
  if (!refused.length) return;
  const org = adapter.name;
  const message = `this project runs on ${org}, whose user and project tiers hold only ${SECTIONS.filter(holds).join(", ")}; the payload also has ${refused.join(", ")}; nothing was written`;
  throw new AppError(
    "forbidden",
    message,
    refused.map((section) => fieldError("import-kind-refused", "error", message, section, "")),
  );
}

function incomingOf(payload: OrgPayload): OrgRecords {
  const problems: FieldError[] = [];
  const incoming = emptyOrg();
  for (const section of SECTIONS) {
    for (const [key, rec] of Object.entries(payload[section] ?? {})) {
      const bad = idProblem(key);
      if (bad) problems.push(fieldError("invalid-id", "error", bad, section, key.slice(0, 80), ["id"]));
      else if (rec.id !== undefined && rec.id !== key)
        problems.push(
          fieldError(
            "import-id-mismatch",
            "error",
            `the record under "${key}" says id ${JSON.stringify(rec.id)}; they must match`,
            section,
            key,
            ["id"],
          ),
        );
      else incoming[section][key] = { ...structuredClone(rec), id: key };
    }
  }
  if (problems.length)
    throw new AppError("invalid", `the payload has ${problems.length} invalid id(s); nothing was written`, problems);
  return incoming;
}

const idsOf = (incoming: OrgRecords) => SECTIONS.flatMap((s) => Object.keys(incoming[s]).map((id) => ({ s, id })));

/** Refuses an import that would replace a file the tier cannot read (its content would be lost unseen). */
function assertReplacesReadable(target: TierData, incoming: OrgRecords): void {
  const ids = new Set(idsOf(incoming).map(({ s, id }) => buildPointer(s, id)));
  const broken = target.problems.filter((p) => p.severity === "error" && ids.has(p.location));
  if (broken.length)
    throw new AppError(
      "conflict",
      `the import would replace ${broken.length} file(s) that cannot be read; fix or remove them first`,
      broken,
    );
}

/** The version of the files an import replaces, before it. */
function importEtag(target: TierData, incoming: OrgRecords): string {
  return etagOf(
    idsOf(incoming)
      .map(({ s, id }) => `${s}/${id} ${target.entities[s].get(id)?.etag ?? "absent"}`)
      .join("\n"),
  );
}

function stage(state: OrgState, target: TierData, scope: WritableScope, incoming: OrgRecords, opts: ImportOptions) {
  const dir = state.tierDir(scope);
  const files: ImportFile[] = [];
  const changes: { rel: string; content: string }[] = [];
  for (const section of SECTIONS) {
    const kind = KIND_OF[section];
    for (const [id, imported] of Object.entries(incoming[section])) {
      const existing = target.entities[section].get(id);
      const mode = importModeOf(opts, section, id);
      const rec = existing ? importedRecord(existing.record, imported, mode) : imported;
      // A record keyed by an id that differs from its file name is replaced in its own file.
      const file = existing?.file ?? confinedPath(dir, section, `${id}.json`);
      const rel = path.relative(dir, file).split(path.sep).join("/");
      const content = stringifyRecord(orderKeys(rec, CANONICAL_KEYS[kind]));
      const shown = displayPath(file, state.displayBase(scope));
      const unchanged = existing && stringifyRecord(orderKeys(existing.record, CANONICAL_KEYS[kind])) === content;
      const action = existing ? (unchanged ? "unchanged" : "update") : "create";
      // A record left unchanged by merge may still lose fields by replace: its diff says so.
      const diff = existing ? fieldDiff(existing.record, imported) : [];
      files.push(
        diff.length ? { path: shown, action, key: importKey(section, id), mode, diff } : { path: shown, action },
      );
      if (!unchanged) changes.push({ rel, content });
      target.entities[section].set(id, { scope, file, path: shown, record: rec, etag: "" });
    }
  }
  return { files, changes };
}

/** Every problem of the imported records, and any elsewhere the import introduces; older ones stay the org's. */
function blockingProblems(state: OrgState, before: Rows, after: Rows, incoming: OrgRecords): FieldError[] {
  const problemsOf = (rows: Rows) =>
    validateOrg(buildIndex(recordsOf(rows), undefined, state.schemaLookup(rows), state.indexContext(rows)));
  const beforeProblems = new Set(problemsOf(before).map(problemKey));
  const touched = (e: FieldError) => idsOf(incoming).some(({ s, id }) => isAtOrUnder(e.location, [s, id]));
  return problemsOf(after).filter((e) => touched(e) || !beforeProblems.has(problemKey(e)));
}

/**
 * Entities are created, or updated by merge (fields the import lacks are kept) or replace (per record);
 * others are kept. Checked against the org afterwards, written as one transaction.
 */
export async function importOrg(state: OrgState, payload: OrgPayload, opts: ImportOptions = {}): Promise<ImportResult> {
  if (state.paths.construct.readOnly) checkGeneration(state, "worker-profile");
  const scope = checkWritable(
    state.paths.adapter.principal,
    "import",
    opts.scope ?? "project",
    state.paths.adapter.principal,
  );
  checkImportKinds(state, payload);
  const incoming = incomingOf(payload);
  return underLock(state, scope, opts.dryRun, async (): Promise<ImportResult> => {
    const tiers = await state.loadTiers();
    const before = mergeTiers(tiers);
    const target = tiers.find((t) => t.scope === scope);
    // checkWritable let only a writable scope through, and loadTiers always loads those.
    if (!target) throw new AppError("bad_request", `no ${scope} tier to import into`);
    const fresh = opts.mustBeNew;
    const held = fresh ? before[fresh.section].get(fresh.id) : undefined;
    if (fresh && held)
      throw alreadyExists(
        KIND_OF[fresh.section],
        fresh.id,
        held.layers.map((l) => l.scope),
        fresh.section,
      );
    assertReplacesReadable(target, incoming);
    const etag = importEtag(target, incoming);
    if (opts.ifMatch !== undefined && opts.ifMatch !== etag)
      throw new AppError("conflict", "the files this import replaces changed since its dry run; run it again", [], {
        etag,
      });
    const { files, changes } = stage(state, target, scope, incoming, opts);
    const { errors, warnings } = splitBySeverity(blockingProblems(state, before, mergeTiers(tiers), incoming));
    if (errors.length)
      throw new AppError("invalid", `the import has ${errors.length} error(s); nothing was written`, errors);
    if (!opts.dryRun && changes.length) {
      await commitFiles(state.tierDir(scope), changes);
      state.invalidate();
    }
    const written = opts.dryRun ? [] : files.filter((f) => f.action !== "unchanged").map((f) => f.path);
    return { ok: true, dryRun: !!opts.dryRun, etag, written, files, warnings };
  });
}
