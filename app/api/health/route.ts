import { orgApi } from "@/server/services";

export async function GET() {
  const api = orgApi();
  return Response.json({ ok: true, root: api.paths.root }, { headers: { "Cache-Control": "no-store" } });
}
