import { ACTIVITY_PAGE_SIZE, type ActivityFilter, activityHref, isActivityFiltered } from "@/lib/activity-view/filter";
import { MUTATION_TOOLS } from "@/schemas/activity";

const FIELD = "rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900";
const WINDOWS = ["1d", "7d", "30d", "90d", "365d"];

/** A plain GET form, as the List's: the filter lives in the address and needs no script. */
export function ActivityFilterForm({ filter, profiles }: { filter: ActivityFilter; profiles: string[] }) {
  const windows = WINDOWS.includes(filter.since) ? WINDOWS : [filter.since, ...WINDOWS];
  return (
    <form
      method="get"
      action="/activity"
      aria-label="Filter the activity"
      data-testid="activity-filter"
      className="mb-4 flex flex-wrap items-end gap-3 text-sm"
    >
      <label className="flex flex-col gap-1">
        Since
        <select name="since" defaultValue={filter.since} className={FIELD}>
          {windows.map((w) => (
            <option key={w} value={w}>
              last {w}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Worker profile
        <select name="profile" defaultValue={filter.profile ?? ""} className={FIELD}>
          <option value="">every profile</option>
          {profiles.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Tool
        <select name="tool" defaultValue={filter.tool ?? ""} className={FIELD}>
          <option value="">every tool</option>
          {MUTATION_TOOLS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Path
        <input
          type="search"
          name="path"
          defaultValue={filter.path ?? ""}
          placeholder="docs/** or a file"
          className={`${FIELD} w-56`}
        />
      </label>
      <button type="submit" className="rounded bg-sky-700 px-3 py-1 text-white hover:bg-sky-800">
        Filter
      </button>
      {isActivityFiltered(filter) && (
        <a href="/activity" className="py-1 text-sky-700 underline dark:text-sky-400">
          Show everything
        </a>
      )}
    </form>
  );
}

/** "Showing 1–200 of 1,044 matching events", newest first, with the pages around as links. */
export function ActivityPager(props: {
  filter: ActivityFilter;
  pages: number;
  from: number;
  to: number;
  matched: number;
}) {
  const { filter, pages } = props;
  const n = (x: number) => x.toLocaleString("en");
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p data-testid="activity-shown">
        {props.matched === 0
          ? "No event matches the filter in this window."
          : `Showing ${n(props.from + 1)}–${n(props.to)} of ${n(props.matched)} matching events, newest first.`}
      </p>
      {pages > 1 && (
        <nav aria-label="Pages of events" className="flex gap-3">
          {filter.page > 1 && (
            <a
              href={activityHref({ ...filter, page: filter.page - 1 })}
              className="text-sky-700 underline dark:text-sky-400"
            >
              Newer {ACTIVITY_PAGE_SIZE}
            </a>
          )}
          <span>
            page {filter.page} of {n(pages)}
          </span>
          {filter.page < pages && (
            <a
              href={activityHref({ ...filter, page: filter.page + 1 })}
              className="text-sky-700 underline dark:text-sky-400"
            >
              Older
            </a>
          )}
        </nav>
      )}
    </div>
  );
}
