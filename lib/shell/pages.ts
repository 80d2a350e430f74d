/**
 * The studio's pages, each with the one name it goes by in the navigation, its `<title>` and its `<h1>`.
 * "Changes" is the plan against a revision: the page lists it, the editor's "Show changes" draws it.
 */
export const PAGES = [
  { href: "/", name: "Graph editor" },
  { href: "/list", name: "List" },
  { href: "/changes", name: "Changes" },
  { href: "/tests", name: "Tests" },
  { href: "/packs", name: "Packs" },
  { href: "/embed", name: "Embed" },
  { href: "/activity", name: "Activity" },
] as const;

export type PageHref = (typeof PAGES)[number]["href"];

export const pageName = (href: PageHref): string => PAGES.find((p) => p.href === href)?.name ?? href;
