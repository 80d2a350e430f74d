"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { Controller, type FieldPath, type FieldValues, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { sameJson } from "@/lib/json/same-json";
import { issueSentence } from "@/lib/org/field-error";
import type { FieldError } from "@/schemas/field-error";
import type { EntityRecord } from "@/schemas/kinds";
import { errorsAt } from "./field-errors";
import { FieldShell, inputClass, TagInput } from "./fields";

export type FormOptions = {
  teams: string[];
  groups: string[];
  roles: string[];
  skills: string[];
  policies: string[];
  parties: string[];
  specialists: string[];
};

export type EntityFormProps = {
  formId: string;
  defaultValues: EntityRecord;
  problems: FieldError[];
  options: FormOptions;
  isNew: boolean;
  /** Called on every blur: the panel validates the draft. */
  onDraft: (record: EntityRecord) => void;
  /** Called on every change, so the panel's draft is never behind the form. */
  onValues?: (record: EntityRecord) => void;
  onSubmit: (record: EntityRecord) => void;
  /** A new record's typed id the org already holds: the id field offers to open that record. */
  idTaken?: { id: string; onOpen: () => void } | null;
};

/**
 * Every path a form names is checked against the kind's lenient `View`, so renaming a schema field breaks
 * the form's compile; the values stay as the file holds them (a mistyped value is shown, never dropped).
 */
export function useEntityForm<View extends FieldValues>(schema: z.ZodType, props: EntityFormProps) {
  type Path = FieldPath<View>;
  const form = useForm<FieldValues>({
    defaultValues: props.defaultValues,
    // The form's own checks speak as the server's do: what to write, never the schema's terms.
    resolver: zodResolver(schema as z.ZodType<FieldValues, FieldValues>, {
      error: (issue) => issueSentence(issue, "This field", issue.input === undefined) ?? undefined,
    }) as Resolver<FieldValues>,
    mode: "onBlur",
  });
  const { reset, watch } = form;
  const valuesOfRef = useRef((values: FieldValues) => prune(values));
  const key = JSON.stringify(props.defaultValues);
  useEffect(() => {
    // New values from disk replace the fields the user has not touched; typed ones stay.
    reset(JSON.parse(key), { keepDirtyValues: true });
  }, [key, reset]);
  const onValues = props.onValues;
  useEffect(() => {
    if (!onValues) return;
    const subscription = watch((values) => onValues(valuesOfRef.current(values)));
    return () => subscription.unsubscribe();
  }, [watch, onValues]);

  // Fields the user left alone stay exactly as the record holds them: the form drops empty strings.
  const base = props.defaultValues;
  const valuesOf = (values: FieldValues) => {
    const pruned = prune(values);
    const prunedBase = prune(base);
    for (const key of new Set([...Object.keys(base), ...Object.keys(pruned)])) {
      if (!sameJson(pruned[key], prunedBase[key])) continue;
      if (Object.hasOwn(base, key)) pruned[key] = base[key];
      else delete pruned[key];
    }
    return pruned;
  };
  const draft = () => props.onDraft(valuesOf(form.getValues()));
  // A new record's fields turn red once touched or after a save was tried, not as soon as the id is typed;
  // a field of a list item counts as touched once that item is added or edited (a check chosen asks for its section).
  const touched = (path: string) => {
    const state = form.getFieldState(path, form.formState);
    return state.isTouched || state.isDirty;
  };
  const shown = (path: string) =>
    !props.isNew || form.formState.submitCount > 0 || touched(path) || itemsOf(path).some(touched);
  const problemsAt = (path: string) => {
    if (!shown(path)) return [];
    const bound = errorsAt(props.problems, path);
    if (bound.length) return bound;
    const local = form.getFieldState(path, form.formState).error;
    return local?.message
      ? [{ id: "form", severity: "error" as const, message: local.message, location: "", field: path }]
      : [];
  };

  const fields = {
    text(
      path: Path,
      label: string,
      opts: { multiline?: boolean; readOnly?: boolean; hint?: string; placeholder?: string } = {},
    ) {
      const taken = path === "id" ? props.idTaken : null;
      return (
        <FieldShell
          label={label}
          path={path}
          problems={problemsAt(path)}
          hint={opts.hint}
          action={
            taken && (
              <button
                type="button"
                data-testid="open-existing"
                onClick={taken.onOpen}
                className="mt-1 rounded border border-[var(--border)] px-2 py-0.5 text-xs hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Open {taken.id}
              </button>
            )
          }
        >
          {(id, invalid, describedBy) =>
            opts.multiline ? (
              <textarea
                id={id}
                rows={3}
                readOnly={opts.readOnly}
                placeholder={opts.placeholder}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={inputClass(invalid)}
                {...form.register(path, { onBlur: draft, setValueAs: emptyToUndefined })}
              />
            ) : (
              <input
                id={id}
                readOnly={opts.readOnly}
                placeholder={opts.placeholder}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={`${inputClass(invalid)} ${opts.readOnly ? "opacity-60" : ""}`}
                {...form.register(path, { onBlur: draft, setValueAs: emptyToUndefined })}
              />
            )
          }
        </FieldShell>
      );
    },
    select(
      path: Path,
      label: string,
      choices: readonly string[],
      opts: { allowEmpty?: boolean; placeholder?: string; hint?: string } = {},
    ) {
      // A value the choices lack (a team that does not exist) is shown as such and kept: a select without its
      // option would show the placeholder and drop the value on the next blur.
      const held = valueAt(props.defaultValues, path);
      const unknown = typeof held === "string" && held !== "" && !choices.includes(held) ? held : null;
      return (
        <FieldShell label={label} path={path} problems={problemsAt(path)} hint={opts.hint}>
          {(id, invalid, describedBy) => (
            <select
              id={id}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass(invalid)}
              {...form.register(path, { onBlur: draft, onChange: draft, setValueAs: emptyToUndefined })}
            >
              {opts.allowEmpty !== false && <option value="">{opts.placeholder ?? "—"}</option>}
              {unknown !== null && (
                <option value={unknown} data-testid="unknown-choice">
                  {unknown} — not found
                </option>
              )}
              {choices.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
      );
    },
    tags(
      path: Path,
      label: string,
      suggestions: readonly string[] = [],
      opts: { ordered?: boolean; placeholder?: string; known?: boolean; hint?: string } = {},
    ) {
      return (
        <FieldShell label={label} path={path} problems={problemsAt(path)} hint={opts.hint}>
          {(id, invalid, describedBy) => (
            <Controller
              control={form.control}
              name={path}
              render={({ field }) => {
                const value: string[] = Array.isArray(field.value) ? field.value : [];
                // With `known`, the suggestions are everything there is: another item names nothing.
                const missing = opts.known ? value.filter((v) => !suggestions.includes(v)) : [];
                return (
                  <>
                    <TagInput
                      id={id}
                      testId={`tags-${path}`}
                      value={value}
                      itemProblems={Object.fromEntries(
                        value.flatMap((v, i) => (missing.includes(v) ? [[i, `${v} — not found`]] : [])),
                      )}
                      onChange={(v) => field.onChange(v)}
                      onBlur={() => {
                        field.onBlur();
                        draft();
                      }}
                      suggestions={suggestions}
                      ordered={opts.ordered}
                      invalid={invalid}
                      describedBy={describedBy}
                      placeholder={opts.placeholder}
                    />
                    {missing.length > 0 && (
                      <p data-testid={`not-found-${path}`} className="mt-0.5 text-xs text-warning">
                        {missing.join(", ")} — not found
                      </p>
                    )}
                  </>
                );
              }}
            />
          )}
        </FieldShell>
      );
    },
  };

  valuesOfRef.current = valuesOf;
  const submit = form.handleSubmit(
    (values) => props.onSubmit(valuesOf(values)),
    // The schema refused the values: the panel's save says why, before it asks anything else.
    () => props.onSubmit(valuesOf(form.getValues())),
  );
  const path = (p: Path): Path => p;
  return { form, fields, submit, draft, path };
}

function valueAt(record: EntityRecord, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split("."))
    value = value && typeof value === "object" ? (value as EntityRecord)[key] : undefined;
  return value;
}

function emptyToUndefined(value: unknown) {
  return value === "" ? undefined : value;
}

/** A save never writes `""` or `undefined` keys. */
export function prune(values: FieldValues): EntityRecord {
  const out: EntityRecord = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === "") continue;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const nested = prune(value as FieldValues);
      // An object the file holds empty (`"permissions": {}`) is data; one the form emptied is not.
      if (Object.keys(nested).length || Object.keys(value).length === 0) out[key] = nested;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The list items a field path sits in, innermost last: `postconditions.0.section` → [`postconditions.0`]. */
function itemsOf(path: string): string[] {
  const parts = path.split(".");
  return parts.flatMap((part, i) => (i > 0 && /^\d+$/.test(part) ? [parts.slice(0, i + 1).join(".")] : []));
}
