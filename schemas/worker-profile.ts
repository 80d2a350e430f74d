import { z } from "zod";
import { house, stringList } from "./common";
import { fenceSchema } from "./fence";
import { MODEL_TIERS, REASONING_EFFORTS } from "./kinds";
import { SKILL_REF_PATTERN } from "./specialist";

/** The tools Construct 2.x accepts in a custom worker profile's `claudeTools`; others are dropped by the host. */
export const WORKER_PROFILE_TOOLS = [
  "Read",
  "Write",
  "Edit",
  "Glob",
  "Grep",
  "LS",
  "Bash",
  "BashOutput",
  "WebSearch",
  "WebFetch",
  "TodoWrite",
  "NotebookEdit",
  "Task",
  "list_skills",
  "get_skill",
  "search_skills",
  "suggest_skills",
  "list_templates",
  "get_template",
  "agent_contract",
  "orchestration_policy",
  "construct_trace",
  "construct_score",
  "memory_search",
  "memory_add_observations",
  "memory_open_nodes",
  "memory_create_entities",
  "memory_create_relations",
  "context7_resolve",
  "context7_docs",
  "sequential_thinking",
  "playwright_navigate",
  "playwright_screenshot",
  "github_search",
  "github_get_pull_request",
] as const;

/** Construct 2.x's grammar for a worker profile's name and its optional team: no leading digit. */
export const KEBAB_PATTERN = /^[a-z][a-z0-9-]*$/;

const kebab = (field: string) =>
  z.string({ error: `"${field}" should be lowercase kebab-case` }).regex(KEBAB_PATTERN, {
    error: (iss) =>
      `"${field}" should be lowercase kebab-case (e.g. "widget-worker"), got ${JSON.stringify(iss.input)}`,
  });
const optionalTeam = (field: string) => house(z.union([z.literal(""), z.null(), kebab(field)])).optional();

/**
 * A custom worker profile as Construct 2.x reads it from `.construct/org/worker-profiles/<id>.json`
 * (project) or `~/.construct/org/worker-profiles/` (user). The type and the JSON Schema come from
 * here; what Construct refuses is restated in lib/org/worker-profile-rules.ts, which reads the raw
 * record as Construct does, so every field here is a `house` check (a warning at most).
 */
export const workerProfileSchema = z.looseObject({
  id: house(kebab("id")).optional(),
  name: house(kebab("name")),
  displayName: house(z.string({ error: '"displayName" should be a string' })).optional(),
  description: house(z.string().min(20).max(500)),
  role: house(z.string().min(1)),
  modelTier: house(z.enum(MODEL_TIERS)),
  reasoningEffort: house(
    z.enum(REASONING_EFFORTS, { error: '"reasoningEffort" should be low, medium or high' }),
  ).optional(),
  skills: house(z.array(z.string().regex(SKILL_REF_PATTERN)).min(1)),
  fence: house(fenceSchema),
  handoffCandidates: house(z.array(z.string({ error: "a handoff candidate should be a role id" }))).optional(),
  team: optionalTeam("team"),
  teamId: optionalTeam("teamId"),
  promptFile: house(z.string({ error: '"promptFile" should be a path relative to the project' })).optional(),
  claudeTools: house(z.string()).optional(),
  events: house(stringList("events")).optional(),
  internal: house(z.boolean()).optional(),
  custom: house(z.boolean()).optional(),
});

export type WorkerProfile = z.infer<typeof workerProfileSchema>;
