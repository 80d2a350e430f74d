import { previewRouteBodySchema } from "@/schemas/api";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { orgApi } from "@/server/services";

export const POST = handle(async (request: Request) => {
  const body = parseWith(previewRouteBodySchema, await readJson(request));
  return Response.json(await orgApi().previewRoute(body));
});
