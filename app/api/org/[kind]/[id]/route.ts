import { patchSchemaFor } from "@/schemas/patch";
import { AppError } from "@/server/errors";
import { handle, jsonResponse, parseWith, readJson } from "@/server/http/handle";
import { flagParam, kindParam, requireIfMatch, scopeParam } from "@/server/http/params";
import { orgApi } from "@/server/services";

type Context = { params: Promise<{ kind: string; id: string }> };

export const GET = handle(async (_request: Request, { params }: Context) => {
  const { kind, id } = await params;
  const row = await orgApi().getEntity(kindParam(kind), id);
  if (!row) throw new AppError("not_found", `${kind} "${id.slice(0, 80)}" does not exist`);
  return Response.json(row, { headers: { ETag: row.etag, "Cache-Control": "no-store" } });
});

export const PATCH = handle(async (request: Request, { params }: Context) => {
  const { kind, id } = await params;
  const patch = parseWith(patchSchemaFor(kindParam(kind)), await readJson(request));
  const result = await orgApi().updateEntity(kindParam(kind), id, patch, {
    scope: scopeParam(request),
    ifMatch: requireIfMatch(request),
  });
  return jsonResponse(result, 200, { ETag: result.etag });
});

export const DELETE = handle(async (request: Request, { params }: Context) => {
  const { kind, id } = await params;
  const result = await orgApi().removeEntity(kindParam(kind), id, {
    scope: scopeParam(request),
    force: flagParam(request, "force"),
    ifMatch: requireIfMatch(request),
    deletePrompt: flagParam(request, "deletePrompt"),
  });
  return jsonResponse(result);
});
