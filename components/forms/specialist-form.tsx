"use client";

import { MODEL_TIERS, REASONING_EFFORTS } from "@/schemas/kinds";
import { specialistSchema } from "@/schemas/specialist";
import type { SpecialistView } from "@/schemas/views";
import { type EntityFormProps, useEntityForm } from "./use-entity-form";

export function SpecialistForm(props: EntityFormProps) {
  const { fields, submit } = useEntityForm<SpecialistView>(specialistSchema, props);
  return (
    <form id={props.formId} onSubmit={submit} noValidate data-testid="specialist-form">
      {fields.text("id", "Id", { readOnly: !props.isNew, hint: "lowercase, digits and dashes, e.g. cx-writer" })}
      <div className="grid grid-cols-2 gap-x-3">
        {fields.text("name", "Name")}
        {fields.text("role", "Role", { hint: "teams and handoffs refer to this" })}
      </div>
      {fields.text("displayName", "Display name")}
      {fields.text("description", "Description", { multiline: true })}
      {fields.text("when_to_use", "When to use (routing)", { multiline: true })}
      <div className="grid grid-cols-2 gap-x-3">
        {fields.select("team", "Team", [...props.options.teams, ...props.options.groups], {
          placeholder: "Choose a team",
        })}
        {fields.select("modelTier", "Model tier", MODEL_TIERS, { placeholder: "Choose a tier" })}
      </div>
      {fields.select("reasoningEffort", "Reasoning effort", REASONING_EFFORTS)}
      {fields.tags("skills", "Skills", props.options.skills, { placeholder: "bundle/skill" })}
      {/* A new specialist's fence is written with it, so the form shows it and what each empty list means;
          the Fence tab edits all of it afterwards. */}
      {props.isNew && (
        <>
          {fields.tags("fence.allowedPaths", "Fence: allowed paths", [], {
            placeholder: "docs/**",
            hint: "None listed: no path",
          })}
          {fields.tags("fence.allowedBdLabels", "Fence: allowed bd labels", [], {
            hint: "None listed: only next:* labels",
          })}
          <p className="-mt-2 mb-3 text-[11px] text-muted" data-testid="new-fence-defaults">
            Created with no allowed commands and nothing needing approval; add them on its Fence tab.
          </p>
        </>
      )}
      {fields.tags("handoffCandidates", "Hands off to (roles)", props.options.roles, { known: true })}
    </form>
  );
}
