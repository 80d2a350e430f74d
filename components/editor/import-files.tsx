"use client";

import type { FieldChange, ImportFile, ImportMode } from "@/schemas/api/org";

const shown = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > 48 ? `${text.slice(0, 45)}…` : text;
};

/** One field of an updated record; a field the import lacks says what the record's mode does with it. */
function ChangeLine({ change, mode }: { change: FieldChange; mode: ImportMode }) {
  if (change.change === "removed")
    return (
      <li data-change="removed" className={mode === "replace" ? "text-red-700 dark:text-red-400" : "text-muted"}>
        {mode === "replace" ? "−" : "="} <span className="font-semibold">{change.field}</span>:{" "}
        {mode === "replace" ? "removed by replace" : "kept by merge"} ({shown(change.before)})
      </li>
    );
  return (
    <li data-change={change.change}>
      {change.change === "added" ? "+" : "~"} <span className="font-semibold">{change.field}</span>:{" "}
      {change.change === "changed" ? `${shown(change.before)} → ${shown(change.after)}` : shown(change.after)}
    </li>
  );
}

/** Whether a file is written under the chosen mode: a record merge leaves as it is may still lose fields by replace. */
export const writes = (file: ImportFile, mode: ImportMode) =>
  file.action !== "unchanged" || (mode === "replace" && !!file.diff?.some((c) => c.change === "removed"));

/** The dry run's files; each updated record shows its field diff and a merge / replace choice (merge loses nothing). */
export function ImportFiles({
  files,
  modes,
  onMode,
}: {
  files: readonly ImportFile[];
  modes: Readonly<Record<string, ImportMode>>;
  onMode: (key: string, mode: ImportMode) => void;
}) {
  return (
    <ul className="mb-4 max-h-[50vh] space-y-1 overflow-y-auto font-mono text-xs">
      {files.map((f) => {
        const mode = f.key ? (modes[f.key] ?? "merge") : undefined;
        const removed = f.diff?.filter((c) => c.change === "removed").length ?? 0;
        return (
          <li key={f.path} data-testid="import-file-row" data-path={f.path}>
            <span
              className={
                f.action === "create"
                  ? "text-emerald-700 dark:text-emerald-400"
                  : f.action === "update"
                    ? "text-warning"
                    : "text-muted"
              }
            >
              {f.action.padEnd(9)}
            </span>{" "}
            {f.path}
            {f.key && mode && f.diff && (
              <div className="mt-1 ml-4 rounded border border-[var(--border)] p-1.5">
                <fieldset className="mb-1 flex flex-wrap items-center gap-3 font-sans">
                  <legend className="sr-only">How to update {f.key}</legend>
                  {(["merge", "replace"] as const).map((m) => (
                    <label key={m} className="flex items-center gap-1">
                      <input
                        type="radio"
                        name={`import-mode-${f.key}`}
                        value={m}
                        checked={mode === m}
                        onChange={() => onMode(f.key as string, m)}
                      />
                      {m === "merge" ? "Merge (keep fields the import lacks)" : "Replace (the import's record as is)"}
                    </label>
                  ))}
                </fieldset>
                {removed > 0 && (
                  <p data-testid="import-removes" className="mb-1 font-sans text-warning">
                    The import lacks {removed} field{removed === 1 ? "" : "s"} this record has:{" "}
                    {mode === "replace" ? "replace removes them." : "merge keeps them."}
                  </p>
                )}
                <ul aria-label={`Fields of ${f.key}`}>
                  {f.diff.map((c) => (
                    <ChangeLine key={c.field} change={c} mode={mode} />
                  ))}
                </ul>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
