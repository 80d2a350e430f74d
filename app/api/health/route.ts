import type { Health } from "@/schemas/api";
import { constructInfo } from "@/server/construct/info";
import { orgApi } from "@/server/services";

export async function GET() {
  const { paths } = orgApi();
  const body: Health = { ok: true, root: paths.root, construct: constructInfo(paths.construct) };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
