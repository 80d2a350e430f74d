import { orgApi } from "@/server/services";

export const dynamic = "force-dynamic";

/** Server-sent events: `org-changed` whenever the org's files change, by the app or anyone else. */
export function GET(request: Request) {
  const api = orgApi();
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      let pending: ReturnType<typeof setTimeout> | null = null;
      // A save or a git checkout touches many files at once: one event per burst.
      const unsubscribe = api.onChange(() => {
        if (pending) return;
        pending = setTimeout(() => {
          pending = null;
          send(`event: org-changed\ndata: {}\n\n`);
        }, 150);
      });
      const heartbeat = setInterval(() => send(`: keep-alive\n\n`), 15_000);
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        if (pending) clearTimeout(pending);
      };
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
      send(`retry: 2000\nevent: ready\ndata: {}\n\n`);
      void api.snapshot();
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" } });
}
