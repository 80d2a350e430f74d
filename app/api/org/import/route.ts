import { orgPayloadSchema } from "@/schemas/api";
import { UPLOAD_BODY_LIMIT } from "@/server/http/guards";
import { handle, jsonResponse, parseWith, readJson } from "@/server/http/handle";
import { flagParam, importModesParam, scopeParam } from "@/server/http/params";
import { orgApi } from "@/server/services";

export const POST = handle(async (request: Request) => {
  const payload = parseWith(orgPayloadSchema, await readJson(request, UPLOAD_BODY_LIMIT));
  return jsonResponse(
    await orgApi().importOrg(payload, {
      scope: scopeParam(request),
      dryRun: flagParam(request, "dryRun"),
      ...importModesParam(request),
    }),
  );
});
