import type { TickEvent } from "../embed/embed-service";
import type { OrgApi } from "../org/org-api";

type TickSource = { onTick(listener: (event: TickEvent) => void): () => void };

/**
 * A server-sent event stream of `org-changed`, one per burst of file changes (a save or a git
 * checkout touches many files at once), `embed-tick` when a tick starts or finishes, a `ready`
 * event on connect and a keep-alive comment. `ready` and `org-changed` carry the org's version
 * (`OrgApi.version()`): a client whose data is of the version `ready` names missed nothing.
 */
export function orgEventStream(api: OrgApi, signal: AbortSignal, ticks?: TickSource): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      let pending: ReturnType<typeof setTimeout> | null = null;
      const unsubscribe = api.onChange(() => {
        if (pending) return;
        pending = setTimeout(() => {
          pending = null;
          send(`event: org-changed\ndata: ${JSON.stringify({ version: api.version() })}\n\n`);
        }, 150);
      });
      const unsubscribeTicks =
        ticks?.onTick((event) => send(`event: embed-tick\ndata: ${JSON.stringify(event)}\n\n`)) ?? (() => {});
      const heartbeat = setInterval(() => send(`: keep-alive\n\n`), 15_000);
      stop = () => {
        unsubscribe();
        unsubscribeTicks();
        clearInterval(heartbeat);
        if (pending) clearTimeout(pending);
      };
      signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
      // The first snapshot starts the file watchers that feed this stream; `ready` waits for it so
      // that its version counts every change made before this connection (a directory that
      // appeared while no one listened is only noticed when it is read).
      void api
        .snapshot()
        .catch(() => {})
        .then(() => send(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ version: api.version() })}\n\n`));
    },
    cancel() {
      stop();
    },
  });
}
