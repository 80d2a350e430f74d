import { handle, jsonResponse, searchParam } from "@/server/http/handle";
import { activityService } from "@/server/services";

/** What Construct's agents did, from its activity records (`?since=90d&profile=&tool=&path=&trail=…`). */
export const GET = handle(async (request: Request) => {
  const trails = new URL(request.url).searchParams.getAll("trail");
  const limit = searchParam(request, "limit");
  return jsonResponse(
    await activityService().summary({
      since: searchParam(request, "since") ?? undefined,
      profile: searchParam(request, "profile"),
      tool: searchParam(request, "tool"),
      path: searchParam(request, "path"),
      trails: trails.length ? trails : undefined,
      limit: limit === null ? undefined : Number(limit),
    }),
  );
});
