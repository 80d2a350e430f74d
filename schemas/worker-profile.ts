import { z } from "zod";
import { house, stringList } from "./common";
import { fenceSchema } from "./fence";
import { MODEL_TIERS, REASONING_EFFORTS } from "./kinds";

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
const tools = new Set<string>(WORKER_PROFILE_TOOLS);

/** Construct 2.x's grammar for a worker profile's name and its optional team: no leading digit. */
export const KEBAB_PATTERN = /^[a-z][a-z0-9-]*$/;
const SKILL_REF = /^[a-z][a-z0-9-]*\/[a-z][a-z0-9-]*$/;

const kebab = (field: string) =>
  z.string({ error: `"${field}" must be lowercase kebab-case` }).regex(KEBAB_PATTERN, {
    error: (iss) => `"${field}" must be lowercase kebab-case (e.g. "widget-worker"), got ${JSON.stringify(iss.input)}`,
  });

/**
 * A custom worker profile as Construct 2.x reads it from `.construct/org/worker-profiles/<id>.json`
 * (project) or `~/.construct/org/worker-profiles/` (user). Every error here is one Construct's own
 * validator reports; checks it does not make are `house` (warnings).
 */
export const workerProfileSchema = z.looseObject({
  id: house(kebab("id")).optional(),
  name: kebab("name"),
  displayName: house(z.string({ error: '"displayName" should be a string' })).optional(),
  description: z
    .string({ error: '"description" is required and must be at least 20 characters' })
    .refine((v) => v.trim().length >= 20, {
      error: (iss) => `"description" must be at least 20 characters (got ${String(iss.input).trim().length})`,
    })
    .refine((v) => v.length <= 500, {
      error: (iss) => `"description" is too long (${String(iss.input).length} > 500 characters)`,
    }),
  role: z
    .string({ error: '"role" is required: used for routing and handoff matching' })
    .min(1, { error: '"role" is required: used for routing and handoff matching' }),
  modelTier: z.enum(MODEL_TIERS, {
    error: (iss) => `"modelTier" must be one of fast | standard | reasoning, got ${JSON.stringify(iss.input)}`,
  }),
  reasoningEffort: house(
    z.enum(REASONING_EFFORTS, { error: '"reasoningEffort" should be low, medium or high' }),
  ).optional(),
  skills: z
    .array(
      z.string().regex(SKILL_REF, {
        error: (iss) => `${JSON.stringify(iss.input)} is not a skill reference: expected "<bundle>/<skill>"`,
      }),
      { error: '"skills" must be a non-empty array of "<bundle>/<skill>" references' },
    )
    .min(1, { error: '"skills" must be a non-empty array of "<bundle>/<skill>" references' }),
  fence: fenceSchema,
  handoffCandidates: z
    .array(house(z.string()), { error: '"handoffCandidates" must be an array of role ids' })
    .optional(),
  // Construct checks a team only when it is set: empty and null are "no team".
  team: z.union([z.literal(""), z.null(), kebab("team")]).optional(),
  teamId: z.union([z.literal(""), z.null(), kebab("teamId")]).optional(),
  promptFile: house(z.string({ error: '"promptFile" should be a path relative to the project' })).optional(),
  claudeTools: z
    .string({ error: '"claudeTools" must be a comma-separated list of tool names' })
    .superRefine((value, ctx) => {
      for (const tool of value
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean))
        if (!tools.has(tool))
          ctx.addIssue({
            code: "custom",
            message: `unknown tool "${tool}" in claudeTools: host platforms silently drop tools they do not know`,
          });
    })
    .optional(),
  events: house(stringList("events")).optional(),
  internal: house(z.boolean()).optional(),
  custom: house(z.boolean()).optional(),
});

export type WorkerProfile = z.infer<typeof workerProfileSchema>;
