"use client";

import { type ReactNode, useId, useState } from "react";
import { occurrenceKeys, problemKeys } from "@/lib/react-keys";
import type { FieldError } from "@/schemas/field-error";
import { FixButton } from "../org/problem-list";

const INPUT =
  "w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm outline-none focus:border-sky-500 dark:border-slate-600 dark:bg-slate-900";

export function FieldShell({
  label,
  path,
  problems,
  hint,
  children,
  fixOf,
}: {
  label: string;
  path: string;
  problems: FieldError[];
  hint?: string;
  /** The one-click fix of a problem (see ProblemList), or null. */
  fixOf?: (problem: FieldError) => (() => void) | null;
  children: (id: string, invalid: boolean) => ReactNode;
}) {
  const id = useId();
  const invalid = problems.some((p) => p.severity === "error");
  const keys = problemKeys(problems);
  return (
    <div className="mb-3" data-field={path}>
      <label htmlFor={id} className="mb-0.5 block text-xs font-medium text-slate-600 dark:text-slate-300">
        {label}
      </label>
      <div
        className={problems.length ? (invalid ? "squiggle" : "squiggle opacity-90") : ""}
        data-testid={problems.length ? `squiggle-${path}` : undefined}
      >
        {children(id, invalid)}
      </div>
      {problems.map((p, i) => (
        <p
          key={keys[i]}
          data-testid={`field-error-${path}`}
          data-rule={p.id}
          className={`mt-0.5 text-xs ${p.severity === "error" ? "text-red-600 dark:text-red-400" : "text-warning"}`}
        >
          {p.message}
          <FixButton fix={fixOf?.(p)} />
        </p>
      ))}
      {hint && !problems.length && <p className="mt-0.5 text-[11px] text-muted">{hint}</p>}
    </div>
  );
}

export function inputClass(invalid: boolean) {
  return `${INPUT} ${invalid ? "border-red-400 dark:border-red-600" : ""}`;
}

/** Enter or comma adds a chip, × removes it, arrows reorder where order matters (escalation paths). */
export function TagInput({
  id,
  value,
  onChange,
  onBlur,
  suggestions = [],
  ordered = false,
  invalid,
  placeholder,
  testId,
  itemProblems = {},
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  suggestions?: readonly string[];
  ordered?: boolean;
  invalid: boolean;
  placeholder?: string;
  testId?: string;
  /** Messages for single items, by index: that chip gets the squiggle, not the whole list. */
  itemProblems?: Readonly<Record<number, string>>;
}) {
  const [draft, setDraft] = useState("");
  const listId = `${id}-suggestions`;
  const itemKeys = occurrenceKeys(value, (item) => item);
  const add = (raw: string) => {
    const item = raw.trim();
    if (item && (ordered || !value.includes(item))) onChange([...value, item]);
    setDraft("");
  };
  const move = (i: number, by: number) => {
    const next = [...value];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item);
    onChange(next);
    onBlur?.();
  };
  return (
    <div className={`${inputClass(invalid)} flex flex-wrap items-center gap-1`} data-testid={testId}>
      {value.map((item, i) => (
        <span
          key={itemKeys[i]}
          data-testid="tag-chip"
          data-invalid={itemProblems[i] ? "true" : undefined}
          title={itemProblems[i]}
          className="flex items-center gap-0.5 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800"
        >
          {ordered && <span className="text-muted">{i + 1}.</span>}
          <span className={itemProblems[i] ? "underline decoration-red-500 decoration-wavy" : undefined}>{item}</span>
          {ordered && i > 0 && (
            <button
              type="button"
              aria-label={`Move ${item} up`}
              className="px-0.5 text-muted hover:text-slate-700"
              onClick={() => move(i, -1)}
            >
              ↑
            </button>
          )}
          {ordered && i < value.length - 1 && (
            <button
              type="button"
              aria-label={`Move ${item} down`}
              className="px-0.5 text-muted hover:text-slate-700"
              onClick={() => move(i, 1)}
            >
              ↓
            </button>
          )}
          <button
            type="button"
            aria-label={`Remove ${item}`}
            className="px-0.5 text-muted hover:text-red-600"
            onClick={() => {
              onChange(value.filter((_, j) => j !== i));
              onBlur?.();
            }}
          >
            ×
          </button>
        </span>
      ))}
      <input
        id={id}
        list={suggestions.length ? listId : undefined}
        value={draft}
        placeholder={value.length ? "" : placeholder}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === ",") {
            e.preventDefault();
            add(draft);
          } else if (e.key === "Backspace" && !draft && value.length) {
            onChange(value.slice(0, -1));
          }
        }}
        onBlur={() => {
          if (draft) add(draft);
          onBlur?.();
        }}
        className="min-w-[6rem] flex-1 bg-transparent py-0.5 text-sm outline-none"
      />
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions
            .filter((s) => ordered || !value.includes(s))
            .map((s) => (
              <option key={s} value={s} />
            ))}
        </datalist>
      )}
    </div>
  );
}
