import type { TickEvent } from "../embed/embed-service";
import type { OrgApi } from "../org/org-api";

type TickSource = { onTick(listener: (event: TickEvent) => void): () => void };

const openStreams = new Set<() => void>();
let shutdownHooked = false;

/**
 * `next start` stops on SIGINT and SIGTERM by closing its server and waiting for every open request
 * to end. An event stream never ends by itself, so with one editor tab open Ctrl+C left the studio
 * running for minutes. Open streams are closed then. Hooked only where something already handles
 * the signal (Next does): anywhere else (a test, a command) the default exit must stay as it is.
 */
function closeOnShutdown(close: () => void): () => void {
  openStreams.add(close);
  if (!shutdownHooked) {
    shutdownHooked = true;
    for (const signal of ["SIGINT", "SIGTERM"] as const)
      if (process.listenerCount(signal) > 0)
        process.once(signal, () => {
          for (const closeStream of [...openStreams]) closeStream();
        });
  }
  return () => openStreams.delete(close);
}

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
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      // A browser reconnects in 2 s, over the same kept-alive connection, and the server would wait
      // on that new stream: told to wait a minute, it leaves the connection idle, and it closes.
      const forget = closeOnShutdown(() => {
        send(`retry: 60000\n\n`);
        end();
      });
      stop = () => {
        forget();
        unsubscribe();
        unsubscribeTicks();
        clearInterval(heartbeat);
        if (pending) clearTimeout(pending);
      };
      signal.addEventListener("abort", end);
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
