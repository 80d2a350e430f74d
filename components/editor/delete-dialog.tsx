"use client";

import type { Referrer } from "@/lib/org/referrers";
import type { ListRow } from "@/schemas/api/org";
import type { EntityKind } from "@/schemas/kinds";
import { useEditor } from "./editor-store";

/** The answer an "Open" button in the delete dialog gives: the dialog closes and that record opens. */
export const openAnswer = (kind: EntityKind, id: string) => `open:${kind}:${id}`;

/**
 * What deleting `row` does, said before anything is written: the file it removes, the lower tier it
 * restores, and every record whose reference to it is left dangling, each with a button that opens it.
 */
export function DeleteDialogBody({ kind, row, referrers }: { kind: EntityKind; row: ListRow; referrers: Referrer[] }) {
  const answer = useEditor((s) => s.answer);
  const lower = row.overrides.at(-1);
  return (
    <div data-testid="delete-dialog-body" className="space-y-2">
      <p>
        This removes <code>{row.path}</code>.
      </p>
      {lower && (
        <p data-testid="delete-restores">
          The {lower.scope === "builtin" ? "built-in" : lower.scope} {kind} <code>{row.id}</code> (
          <code>{lower.path}</code>) is used again in its place: deleting this {row.scope} override restores it.
        </p>
      )}
      {!lower && referrers.length === 0 && <p data-testid="delete-no-references">No other record refers to it.</p>}
      {referrers.length > 0 && (
        <>
          <p>
            {referrers.length === 1 ? "1 record refers" : `${referrers.length} records refer`} to <code>{row.id}</code>:
          </p>
          <ul className="list-disc space-y-1 pl-4" data-testid="delete-references">
            {referrers.map((r) => (
              <li key={`${r.kind}:${r.id}`} data-testid="delete-referrer">
                <button
                  type="button"
                  className="font-medium text-sky-700 underline hover:text-sky-900 dark:text-sky-300"
                  onClick={() => answer(openAnswer(r.kind, r.id))}
                  aria-label={`Open ${r.kind} ${r.id}`}
                >
                  {r.kind} {r.id}
                </button>{" "}
                <span>({r.references.map((x) => x.field).join(", ")})</span>
              </li>
            ))}
          </ul>
          <p data-testid="delete-dangling-note">
            Their references are left as they are and become dangling (the problem list reports them); nothing else is
            changed.
          </p>
        </>
      )}
    </div>
  );
}
