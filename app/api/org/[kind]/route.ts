import { patchSchemaFor } from "@/schemas/patch";
import { handle, jsonResponse, parseWith, readJson } from "@/server/http/handle";
import { flagParam, kindParam, scopeParam } from "@/server/http/params";
import { orgApi } from "@/server/services";

type Context = { params: Promise<{ kind: string }> };

export const GET = handle(async (_request: Request, { params }: Context) => {
  const kind = kindParam((await params).kind);
  return Response.json(await orgApi().listEntities(kind), { headers: { "Cache-Control": "no-store" } });
});

export const POST = handle(async (request: Request, { params }: Context) => {
  const kind = kindParam((await params).kind);
  // The kind is known from the path: the body is that kind's record shape (schemas/patch.ts).
  const record = parseWith(patchSchemaFor(kind), await readJson(request));
  // A new team names its owner specialist, who joins it in the same write (never an empty team).
  const ownerSpecialist = new URL(request.url).searchParams.get("ownerSpecialist") ?? undefined;
  // `restoreLayer` puts back a removed layer over a lower tier (an undo); a plain create of a taken id is refused.
  const result = await orgApi().createEntity(kind, record, {
    scope: scopeParam(request),
    ownerSpecialist,
    restoreLayer: flagParam(request, "restoreLayer"),
  });
  return jsonResponse(result, 201, { ETag: result.etag });
});
