import { previewActionBodySchema } from "@/schemas/api";
import { handle, parseWith, readJson, respond } from "@/server/http/handle";
import { orgApi } from "@/server/services";

export const POST = handle(async (request: Request) => {
  const body = parseWith(previewActionBodySchema, await readJson(request));
  const result = await orgApi().previewAction(body);
  return "code" in result ? respond(result) : Response.json(result);
});
