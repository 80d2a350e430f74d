import type { ReactNode } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { PAGES, type PageHref } from "@/lib/shell/pages";
import { ThemeToggle } from "./theme-toggle";

const LINK = "rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800";
const CURRENT = "bg-slate-100 font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-50";

export type AppHeaderProps = {
  current: PageHref;
  /** The project edited; shown whole on hover when it does not fit. */
  root: string;
  /** Which Construct the project runs on, and the controls that go with it (the trust button). */
  construct: ReactNode;
  /** The org's status badge: a link to the problems here, the problem list in the editor. */
  status: ReactNode;
  /** Asks first where leaving could lose something (a draft in the editor's panel). */
  onNavigate?: (href: string) => void;
};

/**
 * The header every page shares: the project, its Construct, the pages, the org's status and the theme.
 * Plain markup with two small client islands (the links and the theme button), so it costs a page little.
 */
export function AppHeader({ current, root, construct, status, onNavigate }: AppHeaderProps) {
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 bg-white px-4 py-1.5 dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0 max-w-[28rem]">
        <p className="text-sm font-semibold">
          Construct Studio <span className="ml-1 align-middle text-xs font-normal">{construct}</span>
        </p>
        <p className="truncate text-xs text-muted" title={root} data-testid="project-root">
          {root}
        </p>
      </div>
      <nav aria-label="Pages" className="flex flex-wrap items-center gap-0.5">
        {PAGES.map((p) => (
          <NavLink
            key={p.href}
            href={p.href}
            className={`${LINK} ${p.href === current ? CURRENT : ""}`}
            current={p.href === current}
            {...(onNavigate ? { onNavigate } : {})}
          >
            {p.name}
          </NavLink>
        ))}
      </nav>
      <div className="ml-auto flex items-center gap-1">
        {status}
        <ThemeToggle className={LINK} />
      </div>
    </header>
  );
}
