import { previewActionBodySchema } from "@/schemas/api";
import { handle, jsonResponse, parseWith, readJson } from "@/server/http/handle";
import { orgApi } from "@/server/services";

export const POST = handle(async (request: Request) => {
  const body = parseWith(previewActionBodySchema, await readJson(request));
  return jsonResponse(await orgApi().previewAction(body));
});
