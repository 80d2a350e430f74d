import { handle } from "@/server/http/handle";
import { orgApi } from "@/server/services";

export const GET = handle(async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  return Response.json(await orgApi().access(id), { headers: { "Cache-Control": "no-store" } });
});
