"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { clientOnly } from "@/components/ui/client-only";
import { gitIgnoreQuery } from "@/lib/queries/git-ignore";
import type { GitIgnoreStatus } from "@/schemas/api/git-ignore";
import { Paths } from "./paths";

const FixIgnoreDialog = clientOnly(() => import("./fix-dialog").then((m) => m.FixIgnoreDialog));

/**
 * Shown while git ignores the project tier: the warning in full and "Fix the ignore rule", or what
 * to change by hand when the rule is one the studio does not edit.
 */
export function IgnoreWarning({ context }: { context?: string }) {
  const { data: status } = useQuery(gitIgnoreQuery());
  const [open, setOpen] = useState(false);
  // The status as previewed: a file changed meanwhile is a conflict at Apply, not a diff swapped under the reader.
  const [previewed, setPreviewed] = useState<GitIgnoreStatus | null>(null);
  if (!status?.ignored || !status.problem) return null;
  return (
    <section
      data-testid="ignore-warning"
      aria-labelledby="ignore-warning-title"
      className="mb-4 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h2 id="ignore-warning-title" className="mb-1 font-semibold">
        Git ignores what the studio writes: <Paths paths={status.hidden} />
      </h2>
      <p data-testid="ignore-warning-message">
        <code>
          {status.file}:{status.line}
        </code>{" "}
        (<code>{status.pattern}</code>) ignores {status.hidden.length === 1 ? "it" : "them"}. Changes there are
        invisible to git: no diff, no review, not committed.
      </p>
      {context && <p className="mt-1">{context}</p>}
      {status.unfixable && (
        <p data-testid="ignore-refusal" className="mt-1">
          Fix by hand: {status.unfixable.message}
        </p>
      )}
      {status.diff && status.etag && (
        <>
          <button
            type="button"
            data-testid="ignore-fix-open"
            onClick={() => {
              setPreviewed(status);
              setOpen(true);
            }}
            className="mt-2 rounded bg-amber-700 px-3 py-1 font-medium text-white hover:bg-amber-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
          >
            Fix the ignore rule
          </button>{" "}
          <span className="text-xs">shows the change to {status.file} before writing it</span>
          {previewed && <FixIgnoreDialog status={previewed} open={open} onOpenChange={setOpen} />}
        </>
      )}
    </section>
  );
}
