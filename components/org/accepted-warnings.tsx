"use client";

import { groupProblems } from "@/lib/org/problem-groups";
import type { FieldError } from "@/schemas/field-error";
import { ProblemGroups } from "./problem-groups";

/**
 * Warnings the project accepted: folded, never counted, but always in view with the reason the
 * project gave, so a silence is as visible as what it silences.
 */
export function AcceptedWarnings({
  problems,
  ...open
}: {
  problems: FieldError[];
  onOpen?: (problem: FieldError) => void;
  canOpen?: (problem: FieldError) => boolean;
}) {
  const byReason = new Map<string, FieldError[]>();
  for (const p of problems) {
    const reason = p.accepted ?? "";
    byReason.set(reason, [...(byReason.get(reason) ?? []), p]);
  }
  return (
    <details data-testid="problems-accepted" className="mb-3">
      <summary className="cursor-pointer text-sm font-semibold">
        Accepted by the project ({problems.length}): not counted
      </summary>
      <p className="mb-1 mt-1 text-xs text-muted">
        The project's studio/accepted.json (in its Construct folder) lists these rules with why they are accepted;
        remove an entry there to count its warnings again.
      </p>
      {[...byReason].map(([reason, list]) => (
        <section key={reason} className="mb-2">
          <p className="text-xs">
            <span className="font-semibold">Why:</span> {reason}
          </p>
          <ProblemGroups entries={groupProblems(list)} {...open} />
        </section>
      ))}
    </details>
  );
}
