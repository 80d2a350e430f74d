import { trustBodySchema } from "@/schemas/api/construct";
import { changeTrust } from "@/server/construct/status";
import { handle, jsonResponse, parseWith, readJson } from "@/server/http/handle";
import { orgApi } from "@/server/services";

/** Trusts the project's own Construct install (or, with `revoke`, forgets it), so its validators may run. */
export const POST = handle(async (request: Request) => {
  const body = parseWith(trustBodySchema, await readJson(request));
  return jsonResponse(await changeTrust(orgApi().paths, { revoke: body.revoke }));
});
