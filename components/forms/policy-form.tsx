"use client";

import { policySchema } from "@/schemas/policy";
import { type EntityFormProps, useEntityForm } from "./use-entity-form";

/** The values upstream's policies use; a record's own value is always offered too, never dropped. */
const MODES = ["approval", "deterministic", "honor-system"];
const ENFORCEMENTS = ["approval", "hard", "honor-system"];

/** The choices of a select, with the record's current value first when the list lacks it. */
const withCurrent = (current: unknown, choices: readonly string[]) => [
  ...new Set([...(typeof current === "string" && current ? [current] : []), ...choices]),
];

/** A policy: who owns it, how it is enforced, who approves, vetoes and is escalated to. */
export function PolicyForm(props: EntityFormProps) {
  const { fields, submit } = useEntityForm(policySchema, props);
  const v = props.defaultValues;
  const parties = [...props.options.teams, ...props.options.groups, ...props.options.roles];
  // Conditions are free-form upstream; as chips only while every one of them is a sentence.
  const conditionsAreText = !Array.isArray(v.conditions) || v.conditions.every((c) => typeof c === "string");
  return (
    <form id={props.formId} onSubmit={submit} noValidate data-testid="policy-form">
      {fields.text("id", "Id", { readOnly: !props.isNew })}
      {fields.text("description", "Description", { multiline: true })}
      {fields.select(
        "owner",
        "Owner",
        withCurrent(v.owner, ["orchestrator", ...props.options.teams, ...props.options.groups]),
      )}
      <div className="grid grid-cols-2 gap-x-3">
        {fields.select("mode", "Mode", withCurrent(v.mode, MODES))}
        {fields.select("enforcement", "Enforcement", withCurrent(v.enforcement, ENFORCEMENTS))}
      </div>
      {fields.tags("requiresApprovalFrom", "Requires approval from", parties)}
      {fields.tags("mayVetoFrom", "May veto", parties)}
      {fields.tags("escalatesTo", "Escalates to", parties)}
      {fields.tags("decisionRights", "Decision rights", props.options.policies)}
      {conditionsAreText && fields.tags("conditions", "Conditions (when the policy applies)")}
      {fields.tags("evidence", "Evidence (paths or globs)")}
    </form>
  );
}
