import { fieldError } from "@/lib/org/field-error";
import type { DryRunOk, WriteOk } from "@/schemas/api/org";
import { type EntityRecord, emptyOrg, type Scope } from "@/schemas/kinds";
import { AppError } from "../errors";
import { importOrg } from "./import-org";
import type { OrgState } from "./org-state";
import { alreadyExists, checkId, checkWritable, freshRow } from "./write-checks";

/**
 * The owner specialist moves in within the same transaction, so no empty team is ever written (Construct
 * refuses one). Nothing is written when the org afterwards would have errors, the former team's included.
 */
export async function createTeam(
  state: OrgState,
  record: EntityRecord,
  opts: { ownerSpecialist: string; scope?: Scope; dryRun?: boolean },
): Promise<WriteOk | DryRunOk> {
  const scope = checkWritable("team", String(record.id ?? ""), opts.scope ?? "project", state.paths.adapter.principal);
  const id = checkId("team", record.id);
  // Refused before the import takes the tier's lock, whose file would be a write.
  const held = await freshRow(state, "teams", id);
  if (held)
    throw alreadyExists(
      "team",
      id,
      held.layers.map((l) => l.scope),
      "teams",
    );
  const ownerId = opts.ownerSpecialist;
  const specialist = (await state.snapshot()).rows.specialists.get(ownerId);
  if (!specialist)
    throw new AppError("invalid", `no specialist "${ownerId}" to own the new team; nothing was written`, [
      fieldError("team-owner-specialist-unknown", "error", `specialist "${ownerId}" does not exist`, "teams", id, [
        "owner",
      ]),
    ]);
  const own = specialist.layers.find((l) => l.scope === scope)?.record;
  const membership: EntityRecord = {
    team: id,
    ...(typeof specialist.record.teamId === "string" ? { teamId: id } : {}),
  };
  const result = await importOrg(
    state,
    {
      ...emptyOrg(),
      teams: { [id]: record },
      specialists: { [ownerId]: { ...(own ?? {}), ...membership, id: ownerId } },
    },
    { scope, mustBeNew: { section: "teams", id }, dryRun: opts.dryRun },
  );
  if (opts.dryRun) {
    const teamFile = result.files.find((f) => f.path.includes(`teams/${id}.json`));
    return {
      ok: true,
      dryRun: true,
      path: teamFile?.path ?? "",
      file: record,
      record,
      etag: "",
      warnings: result.warnings,
    };
  }
  const row = (await state.snapshot()).rows.teams.get(id);
  return {
    ok: true,
    path: row?.path ?? "",
    record: row?.record ?? record,
    etag: row?.etag ?? "",
    warnings: result.warnings,
  };
}
