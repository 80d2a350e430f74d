"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiError } from "@/lib/api/error";
import { accessHistoryQuery } from "@/lib/queries/access";
import type { AccessHistory, AccessHistoryEntry } from "@/schemas/access";

const CHANGES_AT_ONCE = 12;

/** Reads git only when opened: a history walks commits, and most looks at a panel never need it. */
export function AccessHistorySection({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...accessHistoryQuery(id), enabled: open });
  const body = useId();
  return (
    <section data-testid="access-history-section">
      <h3 className="text-xs font-semibold uppercase text-muted">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={body}
          onClick={() => setOpen(!open)}
          className="flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          History: who widened what, when
        </button>
      </h3>
      {open && (
        <div id={body} data-testid="access-history" className="mt-1 space-y-2 text-xs">
          {history.isPending && <p aria-busy="true">Reading the git history…</p>}
          {history.error && <HistoryError error={history.error} />}
          {history.data && <HistoryBody history={history.data} />}
        </div>
      )}
    </section>
  );
}

function HistoryError({ error }: { error: Error }) {
  // A studio without the history route answers 404 with no error of ours: the rest of the view still works.
  const missing = error instanceof ApiError && error.status === 404 && error.code !== "not_found";
  return (
    <p data-testid="access-history-unavailable" className="text-muted">
      {missing ? "History unavailable: this studio does not serve it." : `History unavailable: ${error.message}`}
    </p>
  );
}

function HistoryBody({ history }: { history: AccessHistory }) {
  return (
    <>
      {history.note && <p data-testid="access-history-note">{history.note}</p>}
      {history.shallow && (
        <p data-testid="access-history-shallow" className="text-amber-800 dark:text-amber-300">
          A shallow clone: the history starts at its oldest commit here, not at the repository's first.
        </p>
      )}
      {!history.note && history.entries.length === 0 && (
        <p>
          No commit of the {history.scanned} looked at changed what <code>{history.id}</code> can do.
        </p>
      )}
      {history.entries.length > 0 && (
        <ol className="space-y-2">
          {history.entries.map((entry) => (
            <HistoryCommit key={entry.commit} entry={entry} />
          ))}
        </ol>
      )}
      {history.more > 0 && (
        <p data-testid="access-history-more" className="text-muted">
          Looked at the newest {history.scanned} commits; {history.more} older ones were not looked at.
        </p>
      )}
    </>
  );
}

function HistoryCommit({ entry }: { entry: AccessHistoryEntry }) {
  const [all, setAll] = useState(false);
  const changes = all ? entry.changes : entry.changes.slice(0, CHANGES_AT_ONCE);
  return (
    <li data-testid="access-history-entry" data-commit={entry.commit}>
      <div>
        <time dateTime={entry.date}>{entry.date.slice(0, 10)}</time> · {entry.author} ·{" "}
        <code title={entry.commit}>{entry.commit.slice(0, 7)}</code>
      </div>
      <div className="font-medium">{entry.subject}</div>
      <ul className="mt-0.5 space-y-0.5 font-mono">
        {changes.map((c) => (
          <li
            key={`${c.action}\t${c.scope}\t${c.list}\t${c.entry}`}
            className={c.action === "widen" ? "text-red-800 dark:text-red-300" : "text-muted"}
          >
            {c.action === "widen" ? "widens" : "narrows"} {c.scope === "fence" ? "its fence" : "its reach"}: {c.text}
          </li>
        ))}
        {entry.changes.length > changes.length && (
          <li>
            <button type="button" className="text-sky-800 underline dark:text-sky-300" onClick={() => setAll(true)}>
              +{entry.changes.length - changes.length} more
            </button>
          </li>
        )}
      </ul>
    </li>
  );
}
