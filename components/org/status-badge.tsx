"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useMemo, useRef, useState } from "react";
import { IgnoreWarning } from "@/components/git-ignore/ignore-warning";
import { TIER_GIT_IGNORED } from "@/lib/git-ignore/problem";
import { standing, statusText } from "@/lib/org/problem-counts";
import { groupProblems } from "@/lib/org/problem-groups";
import { fieldCandidates, recordOfPointer } from "@/lib/palette/open-param";
import { danglingRecords, type RecordItem } from "@/lib/palette/records";
import { rowKey } from "@/lib/queries/org";
import type { ListRow } from "@/schemas/api/org";
import type { FieldError } from "@/schemas/field-error";
import type { EntityKind, OrgRecords } from "@/schemas/kinds";
import { AcceptedWarnings } from "./accepted-warnings";
import { ProblemGroups } from "./problem-groups";
import { ReadOnlyWarnings } from "./read-only-warnings";
import { statusBadgeClass } from "./status-tone";

/** Each problem opens its record at its field; records the canvas cannot draw are listed first. */
export function StatusBadge({
  problems,
  org,
  rows,
  onOpenAt,
  onOpenRecord,
}: {
  problems: FieldError[];
  org: OrgRecords;
  /** A problem opens its record only if it loaded (a broken file did not). */
  rows: Record<string, ListRow>;
  onOpenAt: (kind: EntityKind, id: string, fields: string[]) => void;
  onOpenRecord: (item: RecordItem) => void;
}) {
  const canOpen = (p: FieldError) => {
    const record = recordOfPointer(p.location);
    return !!record && !!rows[rowKey(record.kind, record.id)];
  };
  const onOpenProblem = (p: FieldError) => {
    const record = recordOfPointer(p.location);
    if (record) onOpenAt(record.kind, record.id, fieldCandidates(p.location));
  };
  const [open, setOpen] = useState(false);
  const picked = useRef(false);
  const errors = problems.filter((p) => p.severity === "error");
  // The project's own warning is shown whole above the lists, with its fix.
  const warnings = problems.filter((p) => standing(p) === "warning" && p.id !== TIER_GIT_IGNORED);
  // Warnings in Construct's or a pack's files: the project cannot change them, so they sit apart, folded.
  const readOnly = problems.filter((p) => standing(p) === "read-only");
  const accepted = problems.filter((p) => standing(p) === "accepted");
  const ignored = problems.some((p) => p.id === TIER_GIT_IGNORED);
  const dangling = useMemo(() => (open ? danglingRecords(org) : []), [open, org]);
  const go = (run: () => void) => {
    picked.current = true;
    setOpen(false);
    run();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) picked.current = false;
        setOpen(next);
      }}
    >
      <Dialog.Trigger data-testid="org-status" title="Show the problems" className={statusBadgeClass(problems)}>
        {statusText(problems)}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/20" />
        <Dialog.Content
          data-testid="problem-list"
          aria-describedby={undefined}
          // The record a problem opens takes the focus (its field); a dismissed list gives it back.
          onCloseAutoFocus={(e) => picked.current && e.preventDefault()}
          className="fixed right-4 top-14 z-50 flex max-h-[80vh] w-[36rem] max-w-[94vw] flex-col rounded-lg bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2 dark:border-slate-700">
            <Dialog.Title className="text-base font-semibold">Problems: {statusText(problems)}</Dialog.Title>
            <Dialog.Close className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              Close
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-4 py-2">
            {ignored && <IgnoreWarning />}
            {dangling.length > 0 && (
              <section className="mb-3" data-testid="not-on-canvas">
                <h3 className="mb-1 text-sm font-semibold">Not on the canvas</h3>
                <ul className="space-y-1">
                  {dangling.map((item) => (
                    <li key={item.key} className="text-sm">
                      <button
                        type="button"
                        data-testid={`open-dangling-${item.key}`}
                        onClick={() => go(() => onOpenRecord(item))}
                        className="w-full rounded px-1 py-0.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
                      >
                        <span className="text-xs text-muted">{item.kind}</span> <code>{item.entityId}</code>:{" "}
                        {item.notDrawn}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {[
              { title: "Errors", list: errors },
              { title: "Warnings", list: warnings },
            ].map(
              ({ title, list }) =>
                list.length > 0 && (
                  <section key={title} className="mb-3" data-testid={`problems-${title.toLowerCase()}`}>
                    <h3 className="mb-1 text-sm font-semibold">
                      {title} ({list.length})
                    </h3>
                    <ProblemGroups
                      entries={groupProblems(list)}
                      canOpen={canOpen}
                      onOpen={(p) => go(() => onOpenProblem(p))}
                    />
                  </section>
                ),
            )}
            {readOnly.length > 0 && (
              <ReadOnlyWarnings problems={readOnly} canOpen={canOpen} onOpen={(p) => go(() => onOpenProblem(p))} />
            )}
            {accepted.length > 0 && (
              <AcceptedWarnings problems={accepted} canOpen={canOpen} onOpen={(p) => go(() => onOpenProblem(p))} />
            )}
            {problems.length === 0 && dangling.length === 0 && (
              <p className="text-sm text-muted">No problems: the org is valid.</p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
