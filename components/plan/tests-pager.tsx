"use client";

import { type MouseEvent, useEffect, useRef } from "react";
import type { PageWindow } from "@/lib/org/page-window";

const n = (x: number) => x.toLocaleString("en");

/**
 * "Showing 51–100 of 1,011", with the pages before and after as links: followed in place (the address
 * keeps the page, for a reload or a link), or into a new tab as any link is.
 */
export function TestsPager({
  label,
  testId,
  window: w,
  matching,
  hrefOf,
  onPage,
}: {
  label: string;
  testId: string;
  window: PageWindow;
  matching: number;
  hrefOf: (page: number) => string;
  onPage: (page: number) => void;
}) {
  const nav = useRef<HTMLElement>(null);
  const followed = useRef(false);
  // The link followed can go (the last page has no "Next"): focus then stays in the pager, not on the page.
  useEffect(() => {
    if (!followed.current || w.page < 1) return;
    followed.current = false;
    if (!nav.current?.contains(document.activeElement)) nav.current?.querySelector<HTMLElement>("a[href]")?.focus();
  }, [w.page]);
  if (w.pages <= 1) return null;
  const follow = (page: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    followed.current = true;
    onPage(page);
  };
  return (
    <nav ref={nav} aria-label={label} data-testid={testId} className="mb-2 flex flex-wrap items-center gap-3 text-sm">
      <span data-testid={`${testId}-shown`} aria-live="polite">
        Showing {n(w.from + 1)}–{n(w.to)} of {n(matching)}, page {w.page} of {w.pages}
      </span>
      {w.page > 1 && (
        <a
          href={hrefOf(w.page - 1)}
          rel="prev"
          onClick={follow(w.page - 1)}
          className="text-sky-700 underline dark:text-sky-400"
        >
          ← Previous
        </a>
      )}
      {w.page < w.pages && (
        <a
          href={hrefOf(w.page + 1)}
          rel="next"
          onClick={follow(w.page + 1)}
          className="text-sky-700 underline dark:text-sky-400"
        >
          Next →
        </a>
      )}
    </nav>
  );
}
