import { validateBodySchema } from "@/schemas/api";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { orgApi } from "@/server/services";

export const POST = handle(async (request: Request) => {
  const body = parseWith(validateBodySchema, await readJson(request));
  return Response.json(await orgApi().validateDraft(body.kind, body.record, { specialistId: body.specialistId }));
});
