"use client";

import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from "react";

/**
 * A client component whose code stays out of the page's first load. The server renders it in full;
 * in the browser React keeps that HTML as it is until the code arrives, then hydrates it in place,
 * so nothing moves and nothing is drawn twice. The code is asked for as soon as the module calling
 * this runs in the browser, alongside hydration rather than after it.
 *
 * Until it has hydrated, its buttons and fields are disabled: a click on HTML that has no handlers yet
 * would be lost without a word, so the page says it is not ready instead, and a click waits.
 */
export function deferHydration<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  if (typeof window !== "undefined") void once().catch(() => {});

  let mounted = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const Lazy = lazy(() =>
    once().then((Component) => ({
      default: function Mounted(props: P) {
        useEffect(() => {
          mounted = true;
          for (const listener of listeners) listener();
        }, []);
        return <Component {...props} />;
      },
    })),
  );

  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at load, as React.lazy's components are.
  return function Deferred(props: P) {
    // The server's HTML and the first client render agree: not ready, until the code has mounted.
    const ready = useSyncExternalStore(
      subscribe,
      () => mounted,
      () => false,
    );
    return (
      <fieldset disabled={!ready} className="contents">
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </fieldset>
    );
  };
}
