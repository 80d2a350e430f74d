import { previewActionBodySchema } from "@/schemas/api";
import { handle, parseWith, readJson, respond } from "@/server/http/handle";
import { orgApi } from "@/server/services";

export const POST = handle(async (request: Request) => {
  const body = parseWith(previewActionBodySchema, await readJson(request));
  return respond(await orgApi().previewAction(body));
});
