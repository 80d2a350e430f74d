import { embedOverridesBodySchema } from "@/schemas/embed";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { requireIfMatch } from "@/server/http/params";
import { embedService } from "@/server/services";

type Context = { params: Promise<{ id: string }> };

export const GET = handle(async (_request: Request, { params }: Context) => {
  const view = await embedService().status((await params).id);
  return Response.json(view, { headers: { ETag: view.etag, "Cache-Control": "no-store" } });
});

/** `PATCH /api/embed/{id}` `{ set: { cadence?, filter?, runtime? }, reset: [...] }`: the project overlay's overrides. */
export const PATCH = handle(async (request: Request, { params }: Context) => {
  const body = parseWith(embedOverridesBodySchema, await readJson(request));
  const result = await embedService().setOverrides((await params).id, body, requireIfMatch(request));
  return Response.json(result, { headers: { ETag: result.etag, "Cache-Control": "no-store" } });
});
