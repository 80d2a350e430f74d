"use client";

import { type ComponentType, lazy, type ReactNode, Suspense } from "react";

/**
 * A client component whose code stays out of the page's first load. The server renders it in full;
 * in the browser React keeps that HTML as it is until the code arrives, then hydrates it in place,
 * so nothing moves and nothing is drawn twice. The code is asked for as soon as the module calling
 * this runs in the browser, alongside hydration rather than after it. Render it inside `Hydrated`.
 */
export function deferHydration<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  if (typeof window !== "undefined") void once().catch(() => {});
  return lazy(() => once().then((component) => ({ default: component })));
}

/** The boundary a deferred component hydrates behind: the server's HTML stays until its code arrives. */
export function Hydrated({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
