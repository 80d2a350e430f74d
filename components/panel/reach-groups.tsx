"use client";

import { useId, useMemo, useState } from "react";
import type { ReachEntry, ReachList, ReachStep } from "@/schemas/access";

const LISTS: { list: ReachList; title: string }[] = [
  { list: "allowedPaths", title: "Edit files" },
  { list: "allowedCommands", title: "Run commands" },
  { list: "allowedBdLabels", title: "Set labels" },
  { list: "approvalRequired", title: "With approval" },
];

// A reach at 1,000 specialists holds thousands of entries: a group opens on its own only when short.
const OPEN_UP_TO = 12;
const HOLDERS_AT_ONCE = 25;
const ENTRIES_AT_ONCE = 24;

type Holder = { holder: string; path: ReachStep[]; elided: number; entries: string[] };

/** Entries of one list by whose fence grants them: one principal is reached by one path, so each path shows once. */
function byHolder(entries: readonly ReachEntry[]): Holder[] {
  const out = new Map<string, Holder>();
  for (const e of entries) {
    const h = out.get(e.holder);
    if (h) h.entries.push(e.entry);
    else out.set(e.holder, { holder: e.holder, path: e.path, elided: e.elided ?? 0, entries: [e.entry] });
  }
  return [...out.values()];
}

/** An approval entry reads as its action and glob: `edit:src/**` is `edit src/**`. */
const entryText = (list: ReachList, entry: string) => (list === "approvalRequired" ? entry.replace(":", " ") : entry);

/**
 * `cx-reviewer → handoff → cx-engineer`, each id a button that opens its record. A long path holds its
 * first and last steps, with `elided` steps between them said in the middle.
 */
export function ReachPath({
  start,
  path,
  elided = 0,
  onOpen,
}: {
  start: string;
  path: readonly ReachStep[];
  elided?: number;
  onOpen: (id: string) => void;
}) {
  return (
    <span data-testid="reach-path" className="font-mono text-xs">
      <IdButton id={start} onOpen={onOpen} />
      {path.map((step, i) => (
        <span key={`${step.edge}:${step.to}`}>
          {elided > 0 && i === path.length / 2 && (
            <span className="text-muted">
              {" "}
              → … {elided} more step{elided === 1 ? "" : "s"} …
            </span>
          )}{" "}
          <span className="text-muted" title={`${step.via}: ${step.label}`}>
            → {step.via} →
          </span>{" "}
          <IdButton id={step.to} onOpen={onOpen} />
        </span>
      ))}
      {path.length === 0 && <span className="text-muted"> (its own fence)</span>}
    </span>
  );
}

function IdButton({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  return (
    <button
      type="button"
      data-testid="reach-path-id"
      onClick={() => onOpen(id)}
      className="rounded px-0.5 text-sky-800 underline decoration-dotted underline-offset-2 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950"
    >
      {id}
    </button>
  );
}

/** One section per kind of grant (edit, run, labels, with approval), each listing holders with their path. */
export function ReachGroups({
  start,
  entries,
  testId,
  onOpen,
}: {
  start: string;
  entries: readonly ReachEntry[];
  testId: string;
  onOpen: (id: string) => void;
}) {
  const groups = useMemo(
    () =>
      LISTS.map(({ list, title }) => {
        const of = entries.filter((e) => e.list === list);
        return { list, title, count: of.length, holders: byHolder(of) };
      }).filter((g) => g.count > 0),
    [entries],
  );
  return (
    <div data-testid={testId} className="space-y-1">
      {groups.map((g) => (
        <ReachGroup key={g.list} start={start} {...g} onOpen={onOpen} />
      ))}
    </div>
  );
}

function ReachGroup(props: {
  start: string;
  list: ReachList;
  title: string;
  count: number;
  holders: Holder[];
  onOpen: (id: string) => void;
}) {
  const { list, title, count, holders } = props;
  const [open, setOpen] = useState(count <= OPEN_UP_TO);
  const [shown, setShown] = useState(HOLDERS_AT_ONCE);
  const body = useId();
  const from = holders.length === 1 ? "1 fence" : `${holders.length} fences`;
  return (
    <section data-testid={`reach-group-${list}`}>
      <h4 className="text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={body}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center gap-1 rounded px-1 py-0.5 text-left font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span aria-hidden="true" className="w-3 text-muted">
            {open ? "▾" : "▸"}
          </span>
          {title}
          <span className="font-normal text-muted">
            {" "}
            · {count} granted by {from}
          </span>
        </button>
      </h4>
      {open && (
        <ul id={body} className="ml-4 space-y-1.5 border-l border-slate-200 pl-2 dark:border-slate-700">
          {holders.slice(0, shown).map((h) => (
            <HolderRow key={h.holder} start={props.start} list={list} holder={h} onOpen={props.onOpen} />
          ))}
          {holders.length > shown && (
            <li>
              <button
                type="button"
                className="text-xs text-sky-800 underline dark:text-sky-300"
                onClick={() => setShown(shown + HOLDERS_AT_ONCE)}
              >
                Show {Math.min(HOLDERS_AT_ONCE, holders.length - shown)} more of {holders.length - shown} holders
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

function HolderRow({
  start,
  list,
  holder,
  onOpen,
}: {
  start: string;
  list: ReachList;
  holder: Holder;
  onOpen: (id: string) => void;
}) {
  const [all, setAll] = useState(false);
  const entries = all ? holder.entries : holder.entries.slice(0, ENTRIES_AT_ONCE);
  return (
    <li data-testid="reach-holder" data-holder={holder.holder}>
      <ReachPath start={start} path={holder.path} elided={holder.elided} onOpen={onOpen} />
      <ul className="mt-0.5 flex flex-wrap gap-1" aria-label={`granted by ${holder.holder}`}>
        {entries.map((entry) => (
          <li key={entry}>
            <code
              data-testid="reach-entry"
              className="rounded bg-slate-100 px-1 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200"
            >
              {entryText(list, entry)}
            </code>
          </li>
        ))}
        {holder.entries.length > entries.length && (
          <li>
            <button
              type="button"
              className="text-xs text-sky-800 underline dark:text-sky-300"
              onClick={() => setAll(true)}
            >
              +{holder.entries.length - entries.length} more
            </button>
          </li>
        )}
      </ul>
    </li>
  );
}
