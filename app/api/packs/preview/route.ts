import { installBodySchema } from "@/schemas/pack-preview";
import { UPLOAD_BODY_LIMIT } from "@/server/http/guards";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { previewPackInstall } from "@/server/services";

/** What installing a folder or zip would do, before anything is written. */
export const POST = handle(async (request: Request) => {
  const body = parseWith(installBodySchema, await readJson(request, UPLOAD_BODY_LIMIT));
  return Response.json(await previewPackInstall(body));
});
