import { orgEventStream } from "@/server/http/sse";
import { embedService, headWatcher, orgApi } from "@/server/services";

export const dynamic = "force-dynamic";

/** Server-sent events: `org-changed` whenever the org's files change, by the app or anyone else; `head-changed` when git's HEAD moves; `embed-tick` for ticks. */
export function GET(request: Request) {
  return new Response(orgEventStream(orgApi(), request.signal, embedService(), headWatcher()), {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" },
  });
}
