import { kindIdProblem } from "@/schemas/entity-kinds";
import { ENTITY_KIND_SPECS } from "@/schemas/kinds";
import {
  entityRemoveOutput,
  entityWriteOutput,
  graphNeighboursInput,
  graphNeighboursOutput,
  orgCreateInput,
  orgGetInput,
  orgGetOutput,
  orgImportInput,
  orgImportOutput,
  orgListInput,
  orgListOutput,
  orgRemoveInput,
  orgUpdateInput,
  orgValidateInput,
  orgValidateOutput,
  previewActionInput,
  previewActionOutput,
  previewFenceInput,
  previewFenceOutput,
  previewRouteInput,
  previewRouteOutput,
  skillsListInput,
  skillsListOutput,
} from "@/schemas/mcp";
import type { Services } from "../compose";
import { AppError } from "../errors";
import { guarded, ok } from "./tool-result";
import type { ToolTable } from "./tool-table";

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/**
 * `apply: true` writes only with the version the agent read, as the HTTP API needs If-Match. An etag
 * copied without its quotes names the same version, so it is quoted rather than called stale.
 */
export function requireEtag(apply: boolean, etag: string | undefined, what: string): string | undefined {
  if (apply && etag === undefined)
    throw new AppError(
      "precondition_required",
      `apply needs the etag of ${what} you read: call again without apply (a dry run) to get it`,
    );
  if (etag === undefined || /^(W\/)?".*"$/.test(etag)) return etag;
  return `"${etag.replace(/^"|"$/g, "")}"`;
}

/** Reads, checks and changes of org entities: the façade the web studio and the CLI use. */
export function registerOrgTools(tools: ToolTable, services: Services): void {
  const { org } = services;

  tools.add(
    "org_list",
    {
      title: "List org records",
      description:
        "Every record of one kind in the merged org (builtin < packs < user < project), with its tier, file, etag and problems.",
      inputSchema: orgListInput,
      outputSchema: orgListOutput,
      annotations: READ,
    },
    ({ kind }) => guarded(async () => ok({ kind, ...(await org.listEntities(kind)) })),
  );

  tools.add(
    "org_get",
    {
      title: "Get one org record",
      description:
        "One record as the org merges it: { record, etag, scope, path, overrides, errors }. Keep the etag to apply a change.",
      inputSchema: orgGetInput,
      outputSchema: orgGetOutput,
      annotations: READ,
    },
    ({ kind, id }) =>
      guarded(async () => {
        const problem = kindIdProblem(kind, id);
        if (problem) throw new AppError("bad_request", problem);
        const row = await org.getEntity(kind, id);
        if (!row) throw new AppError("not_found", `${kind} "${id.slice(0, 80)}" does not exist`);
        const { kind: _rowKind, ...rest } = row;
        return ok({ kind, ...rest });
      }),
  );

  tools.add(
    "skills_list",
    {
      title: "List skills",
      description: 'The skills specialists may reference, as "<bundle>/<skill>" ids.',
      inputSchema: skillsListInput,
      outputSchema: skillsListOutput,
      annotations: READ,
    },
    () =>
      guarded(async () => {
        const listed = await org.listEntities("skill");
        return ok({ count: listed.count, skills: listed.items.map((i) => i.record) });
      }),
  );

  tools.add(
    "graph_neighbours",
    {
      title: "A specialist's or worker profile's neighbours",
      description:
        "A specialist's (or, in Construct 2.x, a worker profile's) team, its handoffs and escalations both ways, and the contracts it produces or consumes.",
      inputSchema: graphNeighboursInput,
      outputSchema: graphNeighboursOutput,
      annotations: READ,
    },
    ({ id }) =>
      guarded(async () => {
        const { principal, kinds } = services.paths.adapter;
        const row = await org.getEntity(principal, id);
        if (!row)
          throw new AppError("not_found", `${ENTITY_KIND_SPECS[principal].title.toLowerCase()} "${id}" does not exist`);
        const graph = await org.graph();
        const entityOf = new Map(graph.nodes.map((n) => [n.id, n.entityId]));
        const self = `${principal}:${id}`;
        const pick = (kind: string, direction: "out" | "in") =>
          graph.edges
            .filter((e) => e.kind === kind && (direction === "out" ? e.source === self : e.target === self))
            .map((e) => ({
              other: entityOf.get(direction === "out" ? e.target : e.source) ?? "",
              via: e.carrier,
              contractId: e.data.kind === "contract" ? e.data.contractId : "",
            }));
        const contracts = (direction: "out" | "in") =>
          pick("contract", direction).map(({ other, via, contractId }) => ({ id: contractId, with: other, via }));
        const people = (kind: string, direction: "out" | "in") =>
          pick(kind, direction).map(({ other, via }) => ({ id: other, via }));
        // A generation without team records (Construct 2.x) may still name a team: it has no record to show.
        const teamId = typeof row.record.team === "string" && kinds.includes("team") ? row.record.team : null;
        const team = teamId ? ((await org.getEntity("team", teamId)) ?? (await org.getEntity("group", teamId))) : null;
        return ok({
          id,
          team: team ? { id: team.id, kind: team.kind, name: String(team.record.name ?? team.id) } : null,
          handoffs: { to: people("handoff", "out"), from: people("handoff", "in") },
          escalations: { to: people("escalation", "out"), from: people("escalation", "in") },
          contracts: { produces: contracts("out"), consumes: contracts("in") },
        });
      }),
  );

  tools.add(
    "org_validate",
    {
      title: "Validate a draft",
      description:
        "Would this record pass? The draft is merged into the org and checked; nothing is written. Returns { ok, errors, warnings } as FieldErrors.",
      inputSchema: orgValidateInput,
      outputSchema: orgValidateOutput,
      annotations: READ,
    },
    ({ kind, record, specialistId }) =>
      guarded(async () => ok(await org.validateDraft(kind, record, { specialistId }))),
  );

  tools.add(
    "preview_route",
    {
      title: "Preview routing",
      description: "Ranks the org's specialists or worker profiles (and a draft, if given) for a task description.",
      inputSchema: previewRouteInput,
      outputSchema: previewRouteOutput,
      annotations: READ,
    },
    (args) => guarded(async () => ok(await org.previewRoute(args))),
  );

  tools.add(
    "preview_fence",
    {
      title: "Preview an effective fence",
      description: "The fence a (draft) specialist really has inside its team, after the team's forbidden decisions.",
      inputSchema: previewFenceInput,
      outputSchema: previewFenceOutput,
      annotations: READ,
    },
    (args) => guarded(async () => ok(await org.previewEffectiveFence(args))),
  );

  tools.add(
    "preview_action",
    {
      title: "Preview a fence decision",
      description:
        "Decides one action (edit, write, bash, commit, push, bd-label) on a target against the effective fence.",
      inputSchema: previewActionInput,
      outputSchema: previewActionOutput,
      annotations: READ,
    },
    (args) =>
      guarded(async () => {
        const { ok: _ok, ...rest } = await org.previewAction(args);
        return ok(rest);
      }),
  );

  tools.add(
    "org_create",
    {
      title: "Create a record",
      description:
        "Creates a record in the project (or user) tier; an id any tier already holds is refused as a conflict naming the tier (override a built-in record with org_update). A dry run unless apply is true.",
      inputSchema: orgCreateInput,
      outputSchema: entityWriteOutput,
      annotations: WRITE,
    },
    ({ kind, record, scope, apply }) =>
      guarded(async () => ok({ dryRun: !apply, ...(await org.createEntity(kind, record, { scope, dryRun: !apply })) })),
  );

  tools.add(
    "org_update",
    {
      title: "Update a record",
      description:
        "Patches a record (fields replace, null deletes) in the project (or user) tier. A dry run unless apply is true; applying needs the etag you read. A stale etag is a conflict carrying the current record.",
      inputSchema: orgUpdateInput,
      outputSchema: entityWriteOutput,
      // Fields are replaced and `null` deletes one: not additive.
      annotations: { ...WRITE, destructiveHint: true },
    },
    ({ kind, id, patch, scope, apply, etag }) =>
      guarded(async () => {
        const ifMatch = requireEtag(apply, etag, `${kind} "${id}"`);
        const result = await org.updateEntity(kind, id, patch, { scope, ifMatch, dryRun: !apply });
        return ok({ dryRun: !apply, ...result });
      }),
  );

  tools.add(
    "org_remove",
    {
      title: "Remove a record",
      description:
        "Removes a record's file from the project (or user) tier; refused while others reference it unless force. A dry run unless apply is true; applying needs the etag you read.",
      inputSchema: orgRemoveInput,
      outputSchema: entityRemoveOutput,
      annotations: { ...WRITE, destructiveHint: true, idempotentHint: true },
    },
    ({ kind, id, scope, force, deletePrompt, apply, etag }) =>
      guarded(async () => {
        const ifMatch = requireEtag(apply, etag, `${kind} "${id}"`);
        const result = await org.removeEntity(kind, id, { scope, force, ifMatch, dryRun: !apply, deletePrompt });
        return ok({ dryRun: !apply, warnings: [], ...result });
      }),
  );

  tools.add(
    "org_import",
    {
      title: "Import an org payload",
      description:
        "Writes a payload (sections keyed by id: groups, teams, specialists, contracts, policies, or in a Construct 2.x project worker-profiles) into one tier as one transaction; records are created, or updated by merge (fields the import lacks are kept; the default) or replace (mode, or modes per section/id); the dry run lists each update's field diff. A dry run unless apply is true; applying needs the dry run's etag.",
      inputSchema: orgImportInput,
      outputSchema: orgImportOutput,
      annotations: { ...WRITE, destructiveHint: true },
    },
    ({ payload, scope, mode, modes, apply, etag }) =>
      guarded(async () => {
        const ifMatch = requireEtag(apply, etag, "the files this import replaces");
        return ok(await org.importOrg(payload, { scope, mode, modes, dryRun: !apply, ifMatch }));
      }),
  );
}
