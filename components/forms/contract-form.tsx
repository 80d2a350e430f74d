"use client";

import { useState } from "react";
import { Controller, useFieldArray } from "react-hook-form";
import { contractSchema } from "@/schemas/contract";
import { POSTCONDITION_CHECKS } from "@/schemas/kinds";
import type { ContractView } from "@/schemas/views";
import { errorsAt } from "./field-errors";
import { FieldShell, inputClass } from "./fields";
import { type EntityFormProps, useEntityForm } from "./use-entity-form";

export function ContractForm(props: EntityFormProps) {
  const { form, fields, submit, draft, path } = useEntityForm<ContractView>(contractSchema, props);
  const postconditions = useFieldArray({ control: form.control, name: path("postconditions") });
  const parties = props.options.parties;
  const teams = [...props.options.teams, ...props.options.groups];
  return (
    <form id={props.formId} onSubmit={submit} noValidate data-testid="contract-form">
      {fields.text("id", "Id", { readOnly: !props.isNew })}
      {fields.text("description", "Description", { multiline: true })}
      <div className="grid grid-cols-2 gap-x-3">
        {fields.select("producer", "Producer", parties, { placeholder: "Choose a producer" })}
        {fields.select("consumer", "Consumer", parties, { placeholder: "Choose a consumer" })}
      </div>
      <Controller
        control={form.control}
        name={path("trigger")}
        render={({ field }) => (
          <TriggerField
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              draft();
            }}
            problems={errorsAt(props.problems, "trigger")}
          />
        )}
      />
      {fields.tags("input.mustContain", "Input must contain")}
      <div className="grid grid-cols-2 gap-x-3">
        {fields.text("output.type", "Output type")}
        <div />
      </div>
      {fields.tags("output.mustContain", "Output must contain")}
      {fields.tags("preconditions", "Preconditions")}

      <fieldset className="mb-3 rounded border border-slate-200 p-2 dark:border-slate-700">
        <legend className="px-1 text-xs font-medium text-slate-600 dark:text-slate-300">Postconditions</legend>
        {postconditions.fields.map((item, i) => {
          const base = `postconditions.${i}` as const;
          return (
            <div
              key={item.id}
              className="mb-2 rounded bg-slate-50 p-2 dark:bg-slate-800/60"
              data-testid={`postcondition-${i}`}
            >
              {fields.text(`${base}.description`, `#${i + 1} description`)}
              <div className="grid grid-cols-3 gap-x-2">
                <FieldShell
                  label="Kind"
                  path={`${base}.postconditionType`}
                  problems={errorsAt(props.problems, `${base}.postconditionType`)}
                >
                  {(id, invalid, describedBy) => (
                    <select
                      id={id}
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      className={inputClass(invalid)}
                      {...form.register(path(`${base}.postconditionType`), { onChange: draft })}
                    >
                      <option value="advisory">advisory</option>
                      <option value="executable">executable</option>
                    </select>
                  )}
                </FieldShell>
                <FieldShell label="Check" path={`${base}.check`} problems={errorsAt(props.problems, `${base}.check`)}>
                  {(id, invalid, describedBy) => (
                    <select
                      id={id}
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      className={inputClass(invalid)}
                      {...form.register(path(`${base}.check`), {
                        onChange: draft,
                        setValueAs: (v) => (v === "" ? undefined : v),
                      })}
                    >
                      <option value="">—</option>
                      {Object.keys(POSTCONDITION_CHECKS).map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  )}
                </FieldShell>
                {fields.text(`${base}.section`, "Section")}
              </div>
              <button
                type="button"
                className="text-xs text-red-600 dark:text-red-400 hover:underline"
                onClick={() => {
                  postconditions.remove(i);
                  draft();
                }}
              >
                Remove postcondition
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="text-xs text-sky-700 hover:underline dark:text-sky-400"
          onClick={() => postconditions.append({ description: "", postconditionType: "advisory" })}
        >
          + Add postcondition
        </button>
      </fieldset>

      <fieldset className="mb-3 rounded border border-slate-200 p-2 dark:border-slate-700">
        <legend className="px-1 text-xs font-medium text-slate-600 dark:text-slate-300">Team boundary</legend>
        <div className="grid grid-cols-2 gap-x-3">
          {fields.select("teamBoundary.producerTeam", "Producer team", teams)}
          {fields.select("teamBoundary.consumerTeam", "Consumer team", teams)}
        </div>
        {fields.tags("teamBoundary.requiresApprovalFrom", "Needs approval from", teams)}
      </fieldset>
    </form>
  );
}

/** The trigger is free-form upstream (`{ "intent": [...] }`, `{ "always": true }`…), so it is edited as JSON. */
function TriggerField({
  value,
  onChange,
  problems,
}: {
  value: unknown;
  onChange: (v: unknown) => void;
  problems: ReturnType<typeof errorsAt>;
}) {
  const [text, setText] = useState(() => (value === undefined ? "" : JSON.stringify(value)));
  const [parseError, setParseError] = useState<string | null>(null);
  const shown = parseError
    ? [
        ...problems,
        {
          id: "trigger-json",
          severity: "error" as const,
          message: `not JSON: ${parseError}`,
          location: "",
          field: "trigger",
        },
      ]
    : problems;
  return (
    <FieldShell label="Trigger (JSON)" path="trigger" problems={shown} hint='e.g. { "intent": ["implementation"] }'>
      {(id, invalid, describedBy) => (
        <input
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={text}
          className={`${inputClass(invalid)} font-mono`}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            if (!text.trim()) {
              setParseError(null);
              onChange(undefined);
              return;
            }
            try {
              onChange(JSON.parse(text));
              setParseError(null);
            } catch (error) {
              setParseError((error as Error).message);
            }
          }}
        />
      )}
    </FieldShell>
  );
}
