import { handle } from "@/server/http/handle";
import { scopeParam } from "@/server/http/params";
import { orgApi } from "@/server/services";

export const GET = handle(async (request: Request) => {
  const scope = scopeParam(request);
  return Response.json(await orgApi().exportOrg({ scope }), {
    headers: { "Cache-Control": "no-store", "Content-Disposition": `attachment; filename="org-${scope}.json"` },
  });
});
