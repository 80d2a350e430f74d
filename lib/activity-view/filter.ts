import { pageNumber } from "@/lib/org/page-window";
import type { ProfileActivity } from "@/schemas/activity";

/** The Activity page's filter as the address holds it: shareable, reloadable, and the form's own fields. */
export type ActivityFilter = {
  since: string;
  profile: string | null;
  tool: string | null;
  path: string | null;
  /** 1-based, the timeline's page. */
  page: number;
  /** 1-based, the worker profiles table's page. */
  profiles: number;
};

export const DEFAULT_SINCE = "90d";
/** Rows drawn at once: a page of a hundred thousand records stays a few thousand elements. */
export const ACTIVITY_PAGE_SIZE = 200;
/** Worker profiles per page of their table, and findings listed per kind: a thousand profiles stay one screen. */
export const PROFILES_PAGE_SIZE = 50;
export const FINDINGS_SHOWN = 50;

type Params = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string | null => {
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s : null;
};

export function parseActivityFilter(params: Params): ActivityFilter {
  return {
    since: one(params.since) ?? DEFAULT_SINCE,
    profile: one(params.profile),
    tool: one(params.tool),
    path: one(params.path),
    page: pageNumber(one(params.page)),
    profiles: pageNumber(one(params.profiles)),
  };
}

/** Only what differs from the defaults goes into the address. */
export function activityHref(f: ActivityFilter): string {
  const q = new URLSearchParams();
  if (f.since !== DEFAULT_SINCE) q.set("since", f.since);
  if (f.profile) q.set("profile", f.profile);
  if (f.tool) q.set("tool", f.tool);
  if (f.path) q.set("path", f.path);
  if (f.page > 1) q.set("page", String(f.page));
  if (f.profiles > 1) q.set("profiles", String(f.profiles));
  const s = q.toString();
  return s ? `/activity?${s}` : "/activity";
}

export const isActivityFiltered = (f: ActivityFilter) => f.since !== DEFAULT_SINCE || !!(f.profile || f.tool || f.path);

/**
 * The service answers the newest `limit` events, oldest first: page `n` asks for `n` pages' worth and
 * keeps the oldest page of them, so page 1 is the newest events.
 */
export function pageOfTimeline<T>(timeline: readonly T[], page: number, matched: number) {
  const newerThanPage = (page - 1) * ACTIVITY_PAGE_SIZE;
  const end = Math.max(0, timeline.length - newerThanPage);
  const rows = timeline.slice(Math.max(0, end - ACTIVITY_PAGE_SIZE), end).reverse();
  const pages = Math.max(1, Math.ceil(matched / ACTIVITY_PAGE_SIZE));
  return { rows, page, pages, from: newerThanPage, to: newerThanPage + rows.length };
}

/** The share of dispatches that failed, as people read it ("33%"), or a dash with none known. */
export const rateText = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)}%`);

/** An error rate this high is drawn to the eye. */
export const HIGH_ERROR_RATE = 0.25;

const isIdle = (p: ProfileActivity) => p.dispatches.count === 0 && p.mutations === 0;

/** The profiles that did something in the window first, in the order given; the idle ones after. */
export const activeFirst = (profiles: readonly ProfileActivity[]): ProfileActivity[] => [
  ...profiles.filter((p) => !isIdle(p)),
  ...profiles.filter(isIdle),
];

/**
 * The profiles the filter offers: those with something in the window, and the one filtered on. An idle
 * profile has no event to narrow to; its row in the table still links to it.
 */
export const profileChoices = (profiles: readonly ProfileActivity[], current: string | null): string[] => {
  const active = profiles.filter((p) => !isIdle(p)).map((p) => p.id);
  return current && !active.includes(current) ? [current, ...active] : active;
};
