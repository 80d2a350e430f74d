import { handle } from "@/server/http/handle";
import { gitIgnoreStatus } from "@/server/services";

/** Whether git ignores the project tier, the rule that does, and the diff that would fix it. */
export const GET = handle(async () => {
  const status = await gitIgnoreStatus();
  return Response.json(status, {
    headers: { "Cache-Control": "no-store", ...(status.etag ? { ETag: status.etag } : {}) },
  });
});
