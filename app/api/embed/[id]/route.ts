import { embedOverridesBodySchema } from "@/schemas/embed";
import { AppError } from "@/server/errors";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { requireIfMatch } from "@/server/http/params";
import { embedService, embedV2Service } from "@/server/services";

type Context = { params: Promise<{ id: string }> };

export const GET = handle(async (_request: Request, { params }: Context) => {
  const v2 = embedV2Service();
  if (v2) return Response.json(await v2.status((await params).id), { headers: { "Cache-Control": "no-store" } });
  const view = await embedService().status((await params).id);
  return Response.json(view, { headers: { ETag: view.etag, "Cache-Control": "no-store" } });
});

/** `PATCH /api/embed/{id}` `{ set: { cadence?, filter?, runtime? }, reset: [...] }`: the project overlay's overrides. */
export const PATCH = handle(async (request: Request, { params }: Context) => {
  if (embedV2Service())
    throw new AppError(
      "bad_request",
      "a Construct 2.x capability is overridden in .construct/procedures/<id>.manifest.json",
    );
  const body = parseWith(embedOverridesBodySchema, await readJson(request));
  const result = await embedService().setOverrides((await params).id, body, requireIfMatch(request));
  return Response.json(result, { headers: { ETag: result.etag, "Cache-Control": "no-store" } });
});
