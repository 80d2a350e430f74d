"use client";

import { groupSchema, teamSchema } from "@/schemas/team";
import type { GroupView, TeamView } from "@/schemas/views";
import { type EntityFormProps, useEntityForm } from "./use-entity-form";

/** What the team and group forms edit: either kind's fields, and for a new team the specialist who joins it. */
type TeamFormValues = TeamView & GroupView & { ownerSpecialist?: string };

export function TeamForm(props: EntityFormProps & { kind: "team" | "group" }) {
  const { fields, submit } = useEntityForm<TeamFormValues>(props.kind === "group" ? groupSchema : teamSchema, props);
  return (
    <form id={props.formId} onSubmit={submit} noValidate data-testid={`${props.kind}-form`}>
      {fields.text("id", "Id", { readOnly: !props.isNew })}
      {fields.text("name", "Name")}
      {props.kind === "team" &&
        props.isNew &&
        fields.select("ownerSpecialist", "Owner specialist (joins the team)", props.options.specialists, {
          placeholder: "Choose a specialist",
        })}
      <div className="grid grid-cols-2 gap-x-3">
        {fields.select("owner", "Owner (role)", props.options.roles, { placeholder: "Choose a role" })}
        {props.kind === "team" ? fields.select("groupId", "Group", props.options.groups) : <div />}
      </div>
      {fields.tags("roles", "Roles", props.options.roles)}
      {props.kind === "group" && fields.tags("squads", "Teams in this group", props.options.teams)}
      {fields.text("charter", "Charter", { multiline: true })}
      {fields.tags("decisionRights", "Decision rights", props.options.policies)}
      {fields.tags("forbiddenDecisions", "Forbidden decisions", props.options.policies)}
      {fields.tags("escalationPath", "Escalation path (in order)", [...props.options.roles, "orchestrator"], {
        ordered: true,
      })}
    </form>
  );
}
