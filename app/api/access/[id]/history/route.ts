import { parseLimit } from "@/server/access/history";
import { handle, jsonResponse, searchParam } from "@/server/http/handle";
import { accessHistoryService } from "@/server/services";

type Context = { params: Promise<{ id: string }> };

/** The commits that widened or narrowed what one specialist can do, newest first (`?limit=` commits looked at). */
export const GET = handle(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const limit = parseLimit(searchParam(request, "limit"));
  return jsonResponse(await accessHistoryService().history(id, { limit }));
});
