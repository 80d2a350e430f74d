"use client";

import { useFieldArray } from "react-hook-form";
import { POSTCONDITION_CHECKS, contractSchema } from "@/schemas/contract";
import { errorsAt } from "./field-errors";
import { FieldShell, inputClass } from "./fields";
import { type EntityFormProps, useEntityForm } from "./use-entity-form";

export function ContractForm(props: EntityFormProps) {
  const { form, fields, submit, draft } = useEntityForm(contractSchema, props);
  const postconditions = useFieldArray({ control: form.control, name: "postconditions" });
  const parties = props.options.parties;
  const teams = [...props.options.teams, ...props.options.groups];
  return (
    <form id={props.formId} onSubmit={submit} noValidate data-testid="contract-form">
      {fields.text("id", "Id", { readOnly: !props.isNew })}
      {fields.text("description", "Description", { multiline: true })}
      <div className="grid grid-cols-2 gap-x-3">
        {fields.select("producer", "Producer", parties)}
        {fields.select("consumer", "Consumer", parties)}
      </div>
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
          const base = `postconditions.${i}`;
          return (
            <div key={item.id} className="mb-2 rounded bg-slate-50 p-2 dark:bg-slate-800/60" data-testid={`postcondition-${i}`}>
              {fields.text(`${base}.description`, `#${i + 1} description`)}
              <div className="grid grid-cols-3 gap-x-2">
                <FieldShell label="Kind" path={`${base}.postconditionType`} problems={errorsAt(props.problems, `${base}.postconditionType`)}>
                  {(id, invalid) => (
                    <select id={id} className={inputClass(invalid)} {...form.register(`${base}.postconditionType`, { onChange: draft })}>
                      <option value="advisory">advisory</option>
                      <option value="executable">executable</option>
                    </select>
                  )}
                </FieldShell>
                <FieldShell label="Check" path={`${base}.check`} problems={errorsAt(props.problems, `${base}.check`)}>
                  {(id, invalid) => (
                    <select id={id} className={inputClass(invalid)} {...form.register(`${base}.check`, { onChange: draft, setValueAs: (v) => (v === "" ? undefined : v) })}>
                      <option value="">—</option>
                      {Object.keys(POSTCONDITION_CHECKS).map((c) => <option key={c} value={c}>{c}</option>)}
                    </select>
                  )}
                </FieldShell>
                {fields.text(`${base}.section`, "Section")}
              </div>
              <button type="button" className="text-xs text-red-600 hover:underline" onClick={() => { postconditions.remove(i); draft(); }}>Remove postcondition</button>
            </div>
          );
        })}
        <button type="button" className="text-xs text-sky-700 hover:underline dark:text-sky-400" onClick={() => postconditions.append({ description: "", postconditionType: "advisory" })}>
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
