import type { Health } from "@/schemas/api";
import { constructStatus } from "@/server/construct/status";
import { orgApi } from "@/server/services";

export async function GET() {
  const { paths } = orgApi();
  const body: Health = { ok: true, root: paths.root, construct: constructStatus(paths) };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
