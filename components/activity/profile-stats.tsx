import {
  type ActivityFilter,
  activeFirst,
  activityHref,
  HIGH_ERROR_RATE,
  PROFILES_PAGE_SIZE,
  rateText,
} from "@/lib/activity-view/filter";
import { pageWindow } from "@/lib/org/page-window";
import type { OtherAgent, ProfileActivity } from "@/schemas/activity";
import { shortTime } from "./timeline-table";

const TH = "px-3 py-2 font-medium";
const TD = "px-3 py-1.5";

/**
 * Per worker profile: dispatches by outcome, the error rate (high ones stand out), mutations and last
 * seen; the active ones first, a page at a time.
 */
export function ProfileStats({ profiles, filter }: { profiles: ProfileActivity[]; filter: ActivityFilter }) {
  const ordered = activeFirst(profiles);
  const win = pageWindow(ordered.length, filter.profiles, PROFILES_PAGE_SIZE);
  return (
    <section className="mb-8" aria-labelledby="profiles-heading">
      <h2 id="profiles-heading" className="mb-2 text-lg font-semibold">
        Worker profiles
      </h2>
      {win.pages > 1 && <ProfilesPager filter={filter} window={win} total={ordered.length} />}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm" data-testid="profile-stats">
          <thead className="border-b border-slate-200 text-xs uppercase text-muted dark:border-slate-800">
            <tr>
              <th className={TH}>Profile</th>
              <th className={TH}>Dispatches</th>
              <th className={TH}>Success / warning / error</th>
              <th className={TH}>Error rate</th>
              <th className={TH}>Mutations</th>
              <th className={TH}>Last seen</th>
            </tr>
          </thead>
          <tbody>
            {ordered.slice(win.from, win.to).map((p) => {
              const d = p.dispatches;
              const high = (d.errorRate ?? 0) >= HIGH_ERROR_RATE;
              const last = [d.lastSeen, p.lastAction]
                .filter((x): x is string => !!x)
                .sort()
                .pop();
              const idle = d.count === 0 && p.mutations === 0;
              return (
                <tr
                  key={p.id}
                  data-testid={`profile-row-${p.id}`}
                  data-idle={idle || undefined}
                  className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                >
                  <td className={TD}>
                    <a
                      href={activityHref({ ...filter, profile: p.id, page: 1, profiles: 1 })}
                      className="font-mono text-sky-700 underline dark:text-sky-400"
                    >
                      {p.id}
                    </a>
                    {idle && <span className="ml-2 text-xs text-muted">idle</span>}
                  </td>
                  <td className={TD}>{d.count}</td>
                  <td className={TD}>
                    {d.success} / {d.warning} / {d.error}
                  </td>
                  <td className={TD}>
                    <span
                      data-testid="error-rate"
                      data-high={high || undefined}
                      className={
                        high ? "rounded bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white dark:bg-red-700" : ""
                      }
                    >
                      {rateText(d.errorRate)}
                    </span>
                  </td>
                  <td className={TD}>{p.mutations}</td>
                  <td className={`${TD} whitespace-nowrap font-mono text-xs`}>{last ? shortTime(last) : "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ProfilesPager({
  filter,
  window: w,
  total,
}: {
  filter: ActivityFilter;
  window: ReturnType<typeof pageWindow>;
  total: number;
}) {
  const n = (x: number) => x.toLocaleString("en");
  return (
    <nav aria-label="Pages of worker profiles" className="mb-2 flex flex-wrap items-center gap-3 text-sm">
      <span data-testid="profiles-shown">
        Showing {n(w.from + 1)}–{n(w.to)} of {n(total)}, the active first, page {w.page} of {w.pages}
      </span>
      {w.page > 1 && (
        <a
          href={activityHref({ ...filter, profiles: w.page - 1 })}
          rel="prev"
          className="text-sky-700 underline dark:text-sky-400"
        >
          ← Previous
        </a>
      )}
      {w.page < w.pages && (
        <a
          href={activityHref({ ...filter, profiles: w.page + 1 })}
          rel="next"
          className="text-sky-700 underline dark:text-sky-400"
        >
          Next →
        </a>
      )}
    </nav>
  );
}

const KIND_TEXT: Record<OtherAgent["kind"], string> = {
  "main-thread": "Construct itself",
  unnamed: "a dispatch without a type",
  unknown: "no worker profile of the org",
};

/** Agents in the records that are no worker profile: listed apart, never folded into a profile. */
export function OtherAgents({ others }: { others: OtherAgent[] }) {
  if (others.length === 0) return null;
  return (
    <section className="mb-8" data-testid="other-agents" aria-labelledby="others-heading">
      <h2 id="others-heading" className="mb-2 text-lg font-semibold">
        Other agents in the records
      </h2>
      <ul className="space-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
        {others.map((o) => (
          <li key={o.agent} data-testid={`other-${o.agent}`}>
            <code className="font-semibold">{o.agent}</code> — {KIND_TEXT[o.kind]}: {o.mutations} mutation(s),{" "}
            {o.dispatches} dispatch(es){o.lastSeen && `, last ${shortTime(o.lastSeen)}`}{" "}
            <span className="text-xs text-muted">
              (first at {o.first.file}:{o.first.line})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
