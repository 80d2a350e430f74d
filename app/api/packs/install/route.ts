import { installBodySchema } from "@/schemas/pack-preview";
import { UPLOAD_BODY_LIMIT } from "@/server/http/guards";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { installPackFrom } from "@/server/services";

/** Installs a pack; with the preview's `hash`, refuses (409) if the content changed since the preview. */
export const POST = handle(async (request: Request) => {
  const body = parseWith(installBodySchema, await readJson(request, UPLOAD_BODY_LIMIT));
  return Response.json(await installPackFrom(body), { status: 201 });
});
