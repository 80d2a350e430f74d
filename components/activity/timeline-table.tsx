import type { ActivityEvent } from "@/schemas/activity";

const OUTCOME: Record<string, string> = {
  error: "font-semibold text-red-700 dark:text-red-400",
  warning: "text-amber-800 dark:text-amber-300",
  success: "text-emerald-800 dark:text-emerald-300",
};

/** One page of the timeline, newest first: when, who, what and on which file (relative to the project). */
export function TimelineTable({ rows }: { rows: ActivityEvent[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-left text-sm" data-testid="activity-timeline">
        <thead className="border-b border-slate-200 text-xs uppercase text-muted dark:border-slate-800">
          <tr>
            <th className="px-3 py-2 font-medium">When</th>
            <th className="px-3 py-2 font-medium">Profile</th>
            <th className="px-3 py-2 font-medium">What</th>
            <th className="px-3 py-2 font-medium">Path or command</th>
            <th className="px-3 py-2 font-medium">Line</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr
              key={`${e.at.file}:${e.at.line}`}
              data-testid="activity-row"
              data-kind={e.kind}
              className="border-b border-slate-100 last:border-0 dark:border-slate-800"
            >
              <td className="whitespace-nowrap px-3 py-1.5 font-mono text-xs">{e.ts ? shortTime(e.ts) : "—"}</td>
              <td className="px-3 py-1.5">{e.profile ?? <span className="text-muted">{e.agent ?? "(none)"}</span>}</td>
              <td className="whitespace-nowrap px-3 py-1.5">
                {e.kind === "dispatch" ? (
                  <>
                    dispatch <span className={OUTCOME[e.outcome ?? ""] ?? "text-muted"}>{e.outcome ?? "?"}</span>
                  </>
                ) : (
                  e.tool
                )}
              </td>
              <td className="max-w-md break-all px-3 py-1.5 font-mono text-xs">
                {e.path ?? e.command ?? e.description ?? ""}
              </td>
              <td className="whitespace-nowrap px-3 py-1.5 text-xs text-muted">
                {e.at.file.split("/").pop()}:{e.at.line}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "2026-12-07 20:16" in UTC: the records' own clock, the same on server and browser. */
export const shortTime = (iso: string) => iso.slice(0, 16).replace("T", " ");
