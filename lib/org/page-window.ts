/** A page of many entries; a module of its own so a page's client code takes nothing else with it. */
export type PageWindow = { page: number; pages: number; from: number; to: number };

/** A page number from an address: anything but a whole number from 1 up is the first page. */
export function pageNumber(raw: string | null | undefined): number {
  const n = Number.parseInt(raw ?? "", 10);
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

/** The page asked for, clamped to the pages there are, and the slice of matching entries it shows. */
export function pageWindow(matching: number, asked: number, size: number): PageWindow {
  const pages = Math.max(1, Math.ceil(matching / size));
  const page = Math.min(asked, pages);
  const from = (page - 1) * size;
  return { page, pages, from, to: Math.min(matching, from + size) };
}
