"use client";

import { groupProblems } from "@/lib/org/problem-groups";
import type { FieldError } from "@/schemas/field-error";
import { ProblemGroups } from "./problem-groups";

/** Warnings in files the studio never writes: folded, said to be someone else's, never the project's count. */
export function ReadOnlyWarnings({
  problems,
  ...open
}: {
  problems: FieldError[];
  onOpen?: (problem: FieldError) => void;
  canOpen?: (problem: FieldError) => boolean;
}) {
  return (
    <details data-testid="problems-read-only" className="mb-3">
      <summary className="cursor-pointer text-sm font-semibold">
        In read-only files ({problems.length}): not counted against the project
      </summary>
      <p className="mb-1 mt-1 text-xs text-muted">
        These files come with Construct or an installed pack. Whoever publishes them can fix these; to change what runs,
        override the record in your project.
      </p>
      <ProblemGroups entries={groupProblems(problems)} {...open} />
    </details>
  );
}
