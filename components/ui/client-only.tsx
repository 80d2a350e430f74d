"use client";

import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * A component whose code loads the first time it renders in the browser, never on the server
 * (what `next/dynamic(…, { ssr: false })` does, on React's own `lazy`: next/dynamic brought about
 * 1.5 kB gz of its own machinery into the editor's first load). `fallback` shows on the server,
 * while hydrating, and until the code has arrived.
 */
export function clientOnly<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: () => ReactNode) {
  const Lazy = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module scope, as React.lazy is.
  function ClientOnly(props: P) {
    const inBrowser = useSyncExternalStore(
      never,
      () => true,
      () => false,
    );
    const waiting = fallback ? fallback() : null;
    if (!inBrowser) return waiting;
    return (
      <Suspense fallback={waiting}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return ClientOnly;
}

/**
 * A module loaded once `when` first holds, then kept: code the page needs only after some choice
 * (the Changes overlay), without a component boundary around it. Null until it has arrived.
 */
export function useLoaded<M>(load: () => Promise<M>, when: boolean): M | null {
  const [loaded, setLoaded] = useState<{ module: M } | null>(null);
  useEffect(() => {
    if (!when || loaded) return;
    let on = true;
    void load().then((module) => on && setLoaded({ module }));
    return () => {
      on = false;
    };
  }, [when, loaded, load]);
  return loaded?.module ?? null;
}
