"use client";

import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from "react";

const never = () => () => {};

/** `next/dynamic(…, { ssr: false })` on React's own `lazy`: next/dynamic added about 1.5 kB gz to the first load. */
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

/** A module loaded once `when` first holds, then kept; null until it has arrived. */
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
