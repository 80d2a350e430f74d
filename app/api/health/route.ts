import { constructStatus } from "@/server/construct/status";
import { orgApi } from "@/server/services";

export async function GET() {
  const api = orgApi();
  return Response.json(
    { ok: true, root: api.paths.root, construct: constructStatus(api.paths) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
