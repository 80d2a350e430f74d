"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";

/** In-place navigation that may ask first (a draft in the panel), prefetched on intent; next/link cost 2.5 kB gz. */
export function NavLink({
  href,
  onNavigate,
  className,
  current,
  children,
}: {
  href: string;
  /** Asks first where leaving could lose something; plain router navigation otherwise. */
  onNavigate?: (href: string) => void;
  className?: string;
  /** The page shown: marked for assistive technology as well as by its look. */
  current?: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <a
      href={href}
      className={className}
      aria-current={current ? "page" : undefined}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        (onNavigate ?? router.push)(href);
      }}
    >
      {children}
    </a>
  );
}
