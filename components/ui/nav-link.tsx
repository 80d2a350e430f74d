"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";

/**
 * A link to another page of the studio that navigates in place (no reload) through `onNavigate`,
 * which may ask first (a draft in the panel). A new tab or window (Ctrl, Cmd, Shift, middle
 * click) is the browser's own. The page's code is prefetched on intent (pointer or focus), not
 * for every link in view. next/link does the same with about 2.5 kB gz of the editor's first load.
 */
export function NavLink({
  href,
  onNavigate,
  className,
  children,
}: {
  href: string;
  onNavigate: (href: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <a
      href={href}
      className={className}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onNavigate(href);
      }}
    >
      {children}
    </a>
  );
}
