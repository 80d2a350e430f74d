import type { ReactNode } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { PAGES, type PageHref } from "@/lib/shell/pages";
import { HeaderMenu } from "./header-menu";
import { ThemeToggle } from "./theme-toggle";

const LINK = "rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800";
const CURRENT = "bg-slate-100 font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-50";
const MENU_TOGGLE = "flex items-center gap-1.5 rounded border border-[var(--border)] px-2.5 py-1 text-sm md:hidden";
// Under the header's row on a narrow screen; from md up no box of its own, its items in the header.
const MENU =
  "absolute inset-x-0 top-full z-[15] max-h-[calc(100dvh-3rem)] flex-col items-start gap-3 overflow-y-auto border-b border-[var(--border)] bg-[var(--surface)] p-4 shadow-lg md:contents";

export type AppHeaderProps = {
  current: PageHref;
  /** The project edited; shown whole on hover when it does not fit. */
  root: string;
  /** Which Construct the project runs on. */
  construct: ReactNode;
  /** What goes with the project's path: 2.x's workspace preset, the offer to trust its Construct. */
  projectSettings?: ReactNode;
  /** The org's status badge: a link to the problems here, the problem list in the editor. */
  status: ReactNode;
  /** Asks first where leaving could lose something (a draft in the editor's panel). */
  onNavigate?: (href: string) => void;
  /** The page's own toolbar: a row under the header, folded into the header's menu on a narrow screen. */
  tools?: ReactNode;
};

/**
 * The header every page shares: the project, its Construct, the pages, the org's status and the theme.
 * Plain markup with small client islands (the links, the theme button, the narrow screen's menu), so it
 * costs a page little.
 */
export function AppHeader({ current, root, construct, projectSettings, status, onNavigate, tools }: AppHeaderProps) {
  return (
    // On a narrow screen one row: the menu and the org's status; the rest opens from the menu.
    <header className="relative flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 bg-white px-4 py-1.5 dark:border-slate-800 dark:bg-slate-900">
      <HeaderMenu toggleClass={MENU_TOGGLE} menuClass={MENU}>
        <div data-testid="project" className="w-full min-w-0 max-w-full md:w-auto md:max-w-[28rem]">
          <p className="text-sm font-semibold">
            Construct Studio <span className="ml-1 align-middle text-xs font-normal">{construct}</span>
          </p>
          {/* As wide as the line above and no wider: a long path is cut short rather than wrapping the row. */}
          <div className="flex w-0 min-w-full items-center gap-x-2 text-xs text-muted">
            <p className="truncate" title={root} data-testid="project-root">
              {root}
            </p>
            {projectSettings}
          </div>
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
        <ThemeToggle className={`${LINK} md:order-2`} />
        {tools && (
          <div
            data-testid="page-tools"
            className="flex w-full flex-wrap items-center gap-x-4 gap-y-2 md:order-3 md:-mx-4 md:w-auto md:basis-[calc(100%+2rem)] md:gap-y-1 md:border-t md:border-slate-200 md:px-4 md:pt-1 md:dark:border-slate-800"
          >
            {tools}
          </div>
        )}
      </HeaderMenu>
      <div className="ml-auto flex items-center gap-1 md:order-1">{status}</div>
    </header>
  );
}
