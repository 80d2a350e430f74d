"use client";

import { useEffect } from "react";
import { MODEL_TIERS, REASONING_EFFORTS } from "@/schemas/kinds";
import type { View } from "@/schemas/views";
import { WORKER_PROFILE_TOOLS, type WorkerProfile, workerProfileSchema } from "@/schemas/worker-profile";
import { ScaffoldNote } from "./scaffold-note";
import { type EntityFormProps, useEntityForm } from "./use-entity-form";

/**
 * A custom worker profile as Construct 2.x reads it: who it is, what it may touch (its fence), who it
 * hands off to. `team` is a legacy label 2.x still accepts and never resolves.
 */
export function WorkerProfileForm(props: EntityFormProps) {
  const { form, fields, submit } = useEntityForm<View<WorkerProfile>>(workerProfileSchema, props);
  // Construct keys a custom profile by its name: a new one's name follows its id, as `construct worker-profile create`
  // writes it; so does its role, Construct's default, until the user writes one.
  const id = form.watch("id");
  const { isNew } = props;
  useEffect(() => {
    if (!isNew || typeof id !== "string") return;
    form.setValue("name", id);
    if (!form.getFieldState("role").isDirty) form.setValue("role", id);
  }, [isNew, id, form]);
  return (
    <form id={props.formId} onSubmit={submit} noValidate data-testid="worker-profile-form">
      <div className="grid grid-cols-2 gap-x-3">
        {fields.text("id", "Id", { readOnly: !props.isNew, hint: "kebab-case, e.g. widget-worker" })}
        {fields.text("name", "Name", { readOnly: props.isNew, hint: "Construct keys the profile by it" })}
      </div>
      {fields.text("role", "Role", {
        hint: isNew
          ? "Construct's default is the id; handoffs name a profile by role or id"
          : "handoffs name a profile by role or id",
      })}
      {fields.text("displayName", "Display name")}
      {fields.text("description", "Description", { multiline: true, hint: "20–500 characters" })}
      <div className="grid grid-cols-2 gap-x-3">
        {fields.select("modelTier", "Model tier", MODEL_TIERS, {
          placeholder: "Choose a tier",
          ...(isNew ? { hint: "standard is Construct's default" } : {}),
        })}
        {fields.select("reasoningEffort", "Reasoning effort", REASONING_EFFORTS)}
      </div>
      {fields.tags("skills", "Skills", props.options.skills, { placeholder: "bundle/skill" })}
      {fields.tags("fence.allowedPaths", "Fence: allowed paths", [], {
        placeholder: "src/**",
        ...(isNew
          ? { hint: '"." is Construct\'s default and lets it edit no file: add the paths it works in, and remove "."' }
          : {}),
      })}
      {fields.tags("fence.allowedCommands", "Fence: allowed commands")}
      {fields.tags("fence.deniedActions", "Fence: denied actions")}
      {fields.tags("handoffCandidates", "Hands off to (roles or profile ids)", props.options.roles)}
      {fields.text("claudeTools", "Tools", {
        hint: `comma-separated, from: ${WORKER_PROFILE_TOOLS.slice(0, 13).join(", ")}, …`,
        placeholder: "Read,Grep,Glob,LS",
      })}
      {fields.text("team", "Team (legacy label)", {
        hint: "optional; Construct 2.x has no teams and does not resolve it",
      })}
      {isNew && <ScaffoldNote draft={form.watch()} />}
    </form>
  );
}
