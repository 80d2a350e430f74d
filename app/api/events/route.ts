import { orgEventStream } from "@/server/http/sse";
import { embedService, orgApi } from "@/server/services";

export const dynamic = "force-dynamic";

/** Server-sent events: `org-changed` whenever the org's files change, by the app or anyone else; `embed-tick` for ticks. */
export function GET(request: Request) {
  return new Response(orgEventStream(orgApi(), request.signal, embedService()), {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" },
  });
}
