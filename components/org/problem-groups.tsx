"use client";

import { useState } from "react";
import type { ProblemEntry, ProblemGroup } from "@/lib/org/problem-groups";
import type { FieldError } from "@/schemas/field-error";
import { ProblemList } from "./problem-list";

const PAGE = 20;

type Open = { onOpen?: (problem: FieldError) => void; canOpen?: (problem: FieldError) => boolean };

/** Findings as rows, and many of one rule as one row that opens, a page of them at a time. */
export function ProblemGroups({ entries, ...open }: { entries: ProblemEntry[] } & Open) {
  const singles = entries.flatMap((e) => ("problem" in e ? [e.problem] : []));
  return (
    <div className="space-y-1">
      {entries.map((e) => "group" in e && <GroupRow key={e.group.key} group={e.group} {...open} />)}
      {singles.length > 0 && <ProblemList problems={singles} {...open} />}
    </div>
  );
}

function GroupRow({ group, ...open }: { group: ProblemGroup } & Open) {
  const [shown, setShown] = useState(PAGE);
  const named = group.patterns.slice(0, 5).map((p) => `"${p}"`);
  const more = group.patterns.length - named.length;
  const rest = group.count - group.items.length;
  return (
    <details data-testid="problem-group" data-rule={group.id} className="text-sm">
      <summary className="cursor-pointer rounded px-1 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800">
        <span
          className={
            group.severity === "error" ? "font-semibold text-red-700 dark:text-red-400" : "font-semibold text-warning"
          }
        >
          {group.severity}
        </span>{" "}
        <code className="text-xs text-muted">{group.id}</code> × <span data-testid="group-count">{group.count}</span>
        {named.length > 0 && (
          <span className="text-muted">
            {" "}
            — {group.patterns.length === 1 ? "all name " : `${group.patterns.length} distinct: `}
            {named.join(", ")}
            {more > 0 ? ` and ${more} more` : ""}
          </span>
        )}
      </summary>
      <div className="ml-4 mt-1">
        <ProblemList problems={group.items.slice(0, shown)} {...open} />
        {shown < group.items.length && (
          <button
            type="button"
            data-testid="group-more"
            onClick={() => setShown((n) => n + PAGE)}
            className="mt-1 rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Show {Math.min(PAGE, group.items.length - shown)} more of {group.count}
          </button>
        )}
        {shown >= group.items.length && rest > 0 && (
          <p className="mt-1 text-xs text-muted">
            {rest} more not listed here: <code>construct-studio validate</code> lists every one.
          </p>
        )}
      </div>
    </details>
  );
}
