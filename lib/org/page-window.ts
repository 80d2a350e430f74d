/** A page of many entries; a module of its own so a page's client code takes nothing else with it. */
export type PageWindow = { page: number; pages: number; from: number; to: number };

/** The page asked for, clamped to the pages there are, and the slice of matching entries it shows. */
export function pageWindow(matching: number, asked: number, size: number): PageWindow {
  const pages = Math.max(1, Math.ceil(matching / size));
  const page = Math.min(asked, pages);
  const from = (page - 1) * size;
  return { page, pages, from, to: Math.min(matching, from + size) };
}
