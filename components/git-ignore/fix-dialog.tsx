"use client";

import { useRef, useState } from "react";
import { BUTTON_TONES, Modal } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api/error";
import { useFixGitIgnore } from "@/lib/queries/git-ignore-fix";
import type { GitIgnoreStatus } from "@/schemas/api/git-ignore";
import { Paths } from "./paths";

const LINE_TONE: Record<string, string> = {
  "+": "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  "-": "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  "@": "text-sky-800 dark:text-sky-300",
};

const toneOf = (line: string) => (/^(---|\+\+\+) /.test(line) ? "font-semibold" : (LINE_TONE[line[0]] ?? ""));

function DiffView({ diff }: { diff: string }) {
  const lines = diff.replace(/\n$/, "").split("\n");
  return (
    <section aria-label="The change to the ignore file">
      <pre
        data-testid="ignore-diff"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable diff must be reachable by keyboard
        tabIndex={0}
        className="max-h-72 overflow-auto rounded border border-[var(--border)] bg-slate-50 p-2 font-mono text-xs leading-5 dark:bg-slate-950"
      >
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are fixed for one render and may repeat
          <div key={i} className={`${toneOf(line)} whitespace-pre px-1`}>
            {line.replace(/\r$/, "␍")}
          </div>
        ))}
      </pre>
    </section>
  );
}

/** The exact diff first; the file changes only on "Apply", and only if it is still what was shown. */
export function FixIgnoreDialog({
  status,
  open,
  onOpenChange,
}: {
  status: GitIgnoreStatus;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fix = useFixGitIgnore();
  const cancel = useRef<HTMLButtonElement>(null);
  // After a conflict: the file as it is now, to review and apply instead.
  const [shown, setShown] = useState<{ diff: string; etag: string; note?: string } | null>(null);
  const diff = shown?.diff ?? status.diff ?? "";
  const etag = shown?.etag ?? status.etag ?? "";
  const apply = () =>
    fix.mutate(etag, {
      onSuccess: () => {
        setShown(null);
        onOpenChange(false);
      },
      onError: (error) => {
        const current = error instanceof ApiError && error.status === 409 ? error.current : undefined;
        if (current && typeof current.record.diff === "string" && current.etag)
          setShown({ diff: current.record.diff, etag: current.etag, note: error.message });
      },
    });
  const failure = fix.error && !shown?.note ? fix.error.message : shown?.note;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setShown(null);
          fix.reset();
        }
        onOpenChange(next);
      }}
      title={`Fix the ignore rule in ${status.file}`}
      description={
        <>
          Git will then see <Paths paths={status.hidden} />, which the studio writes, and keep ignoring the rest of
          their folder. This is the whole change; nothing is written until you apply it.
        </>
      }
      initialFocus={cancel}
      className="w-[40rem]"
      data-testid="ignore-fix-dialog"
    >
      {failure && (
        <p role="alert" data-testid="ignore-fix-error" className="mb-3 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      <DiffView diff={diff} />
      <div className="mt-4 flex justify-end gap-2">
        <button
          ref={cancel}
          type="button"
          className={`rounded px-3 py-1.5 text-sm ${BUTTON_TONES.plain}`}
          onClick={() => onOpenChange(false)}
        >
          Cancel
        </button>
        <button
          type="button"
          data-testid="ignore-fix-confirm"
          disabled={fix.isPending || !etag}
          className={`rounded px-3 py-1.5 text-sm disabled:opacity-50 ${BUTTON_TONES.primary}`}
          onClick={apply}
        >
          {fix.isPending ? "Applying…" : `Apply to ${status.file}`}
        </button>
      </div>
    </Modal>
  );
}
