import type { TickEvent } from "../embed/embed-service";
import type { OrgApi } from "../org/org-api";
import type { HeadWatcher } from "../plan/head-watch";

type TickSource = { onTick(listener: (event: TickEvent) => void): () => void };

const openStreams = new Set<() => void>();
let shutdownHooked = false;

/**
 * An event stream never ends by itself, and `next start` waits for open requests on SIGINT/SIGTERM:
 * close streams then. Hooked only where something already handles the signal, so elsewhere the
 * default exit stays.
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
 * `org-changed` per burst of file changes, `head-changed` when git's HEAD or its branch moves,
 * `embed-tick`, `ready` on connect, and keep-alives. `ready` and `org-changed` carry the org's version:
 * a client holding data of the version `ready` names missed nothing; `ready` carries HEAD too.
 */
export function orgEventStream(
  api: OrgApi,
  signal: AbortSignal,
  ticks?: TickSource,
  heads?: HeadWatcher,
): ReadableStream<Uint8Array> {
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
      const unsubscribeHead =
        heads?.onChange((head) => send(`event: head-changed\ndata: ${JSON.stringify({ head })}\n\n`)) ?? (() => {});
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
      // A browser reconnects in 2 s on the same connection; told to wait a minute, it lets it close.
      const forget = closeOnShutdown(() => {
        send(`retry: 60000\n\n`);
        end();
      });
      stop = () => {
        forget();
        unsubscribe();
        unsubscribeTicks();
        unsubscribeHead();
        clearInterval(heartbeat);
        if (pending) clearTimeout(pending);
      };
      signal.addEventListener("abort", end);
      // The first snapshot starts the watchers; `ready` waits for it so its version counts every earlier change.
      void api
        .snapshot()
        .catch(() => {})
        .then(async () => {
          const head = (await heads?.read().catch(() => null)) ?? null;
          send(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ version: api.version(), head })}\n\n`);
        });
    },
    cancel() {
      stop();
    },
  });
}
