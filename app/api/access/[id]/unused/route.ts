import { handle, jsonResponse, searchParam } from "@/server/http/handle";
import { activityService } from "@/server/services";

type Context = { params: Promise<{ id: string }> };

/** One worker profile's fence entries with their recorded use (`?since=90d`), and a narrower fence from that use. */
export const GET = handle(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return jsonResponse(await activityService().unused(id, { since: searchParam(request, "since") ?? undefined }));
});
