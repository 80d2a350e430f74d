import { parsePointer } from "@/lib/json/pointer";
import { ACCEPTED_FILE } from "@/lib/org/accepted";
import { countProblems } from "@/lib/org/problem-counts";
import type { CheckedBy, FieldError } from "@/schemas/field-error";
import type { Section } from "@/schemas/kinds";

/** What every command prints problems in, and the usage error `main` turns into exit code 2. */

export type Format = "text" | "json" | "github";

export class UsageError extends Error {}

/**
 * Every command's exit codes: 0 done, 1 findings or a refused operation, 2 a usage mistake, 3 a
 * concept the project's generation of Construct does not have.
 */
export const EXIT = { ok: 0, findings: 1, usage: 2, notInGeneration: 3 } as const;

/** The exit code of a refusal: a concept absent from the project's generation is not a finding. */
export const exitOf = (error: { code: string }): number =>
  error.code === "not_in_generation" ? EXIT.notInGeneration : EXIT.findings;

function fileFor(error: FieldError, locate: (section: Section, id: string) => string | undefined): string | undefined {
  if (error.path) return error.path;
  const [section, id] = parsePointer(error.location);
  return section && id ? locate(section as Section, id) : undefined;
}

/** `checkedBy` says which validators answered: the studio's rules alone, or Construct's own as well. */
export function print(
  problems: FieldError[],
  format: Format,
  locate: (section: Section, id: string) => string | undefined,
  summary: string,
  checkedBy?: CheckedBy,
): void {
  const rows = problems.map((p) => ({ ...p, file: fileFor(p, locate) }));
  if (format === "json") {
    const ok = !rows.some((r) => r.severity === "error");
    process.stdout.write(`${JSON.stringify({ ok, ...(checkedBy ? { checkedBy } : {}), problems: rows }, null, 2)}\n`);
    return;
  }
  if (checkedBy && format === "github") process.stdout.write(`::notice title=validators::${checkedBy.message}\n`);
  for (const row of rows) {
    if (format === "github") {
      const file = row.file ? `file=${row.file},` : "";
      // An accepted warning is a notice: in view on the pull request, not one more warning to clear.
      const level = row.accepted !== undefined ? "notice" : row.severity;
      process.stdout.write(`::${level} ${file}title=${row.id}::${row.message} (${row.location})\n`);
    } else {
      process.stdout.write(`${row.file ?? "-"}  ${row.location}\n  ${row.severity} ${row.id}: ${row.message}\n`);
      if (row.accepted !== undefined) process.stdout.write(`  accepted: ${row.accepted}\n`);
      if (row.fixBy) process.stdout.write(`  read-only: ${row.fixBy}\n`);
    }
  }
  process.stdout.write(`${summary}\n`);
  if (checkedBy && format === "text") process.stdout.write(`${checkedBy.message}\n`);
}

/** Warnings in read-only files are told apart: the project cannot fix them, so they are not its count. */
export function summarize(problems: FieldError[], what: string): string {
  const { errors, warnings, accepted, readOnly } = countProblems(problems);
  const apart = [
    ...(accepted ? [`${accepted} warning(s) the project accepted (${ACCEPTED_FILE})`] : []),
    ...(readOnly ? [`${readOnly} warning(s) in read-only files (Construct's or a pack's)`] : []),
  ];
  const elsewhere = apart.length ? `, and ${apart.join(" and ")}` : "";
  return `${what}: ${errors} error(s), ${warnings} warning(s)${elsewhere}`;
}
