import { z } from "zod";
import { house, idSchema, nonEmptyString, roleSchema, stringList } from "./common";
import { fenceSchema } from "./fence";
import { MODEL_TIERS, REASONING_EFFORTS } from "./kinds";

/** Tools a host platform understands; anything else is silently dropped by the host, so we refuse it. */
export const CLAUDE_TOOLS = [
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
  "list_teams",
  "suggest_skills",
  "list_templates",
  "get_template",
  "agent_contract",
  "orchestration_policy",
  "cx_trace",
  "cx_score",
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
const toolSet = new Set<string>(CLAUDE_TOOLS);

export const SKILL_REF_PATTERN = /^[a-z][a-z0-9-]*\/[a-z][a-z0-9-]*$/;

const describedText = (field: string) =>
  z
    .string({ error: `"${field}" is required and must be at least 20 characters` })
    .refine((v) => v.trim().length >= 20, {
      error: (iss) => `"${field}" must be at least 20 characters (got ${String(iss.input).trim().length})`,
    })
    .refine((v) => v.length <= 500, {
      error: (iss) => `"${field}" is too long (${String(iss.input).length} > 500 characters)`,
    });

export const specialistSchema = z
  .looseObject({
    id: idSchema,
    name: z.string({ error: '"name" is required (lowercase kebab-case)' }).regex(/^[a-z][a-z0-9-]*$/, {
      error: (iss) => `"name" must be lowercase kebab-case, got ${JSON.stringify(iss.input)}`,
    }),
    displayName: house(z.string({ error: '"displayName" should be a string' })).optional(),
    description: describedText("description"),
    when_to_use: describedText("when_to_use").optional(),
    role: z
      .string({ error: '"role" is required: the role name teams and handoffs refer to' })
      .min(1, { error: '"role" is required: the role name teams and handoffs refer to' })
      .and(house(roleSchema)),
    modelTier: z.enum(MODEL_TIERS, {
      error: (iss) => `"modelTier" must be one of fast | standard | reasoning, got ${JSON.stringify(iss.input)}`,
    }),
    reasoningEffort: house(
      z.enum(REASONING_EFFORTS, { error: '"reasoningEffort" should be low, medium or high' }),
    ).optional(),
    skills: z
      .array(
        z.string().regex(SKILL_REF_PATTERN, {
          error: (iss) => `${JSON.stringify(iss.input)} is not a skill reference: expected "<bundle>/<skill>"`,
        }),
        { error: '"skills" must be a non-empty array of "<bundle>/<skill>" references' },
      )
      .min(1, { error: '"skills" must be a non-empty array of "<bundle>/<skill>" references' }),
    events: house(stringList("events")).optional(),
    fence: fenceSchema,
    handoffCandidates: z
      .array(house(roleSchema), { error: '"handoffCandidates" must be an array of role names' })
      .optional(),
    team: z
      .string({ error: '"team" (or "teamId") is required: reference an existing team id' })
      .pipe(idSchema)
      .optional(),
    teamId: house(idSchema).optional(),
    groupId: house(idSchema).optional(),
    promptFile: nonEmptyString('"promptFile"').optional(),
    claudeTools: z
      .string()
      .superRefine((value, ctx) => {
        for (const tool of value
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean)) {
          if (!toolSet.has(tool))
            ctx.addIssue({
              code: "custom",
              message: `unknown tool "${tool}" in claudeTools: host platforms silently drop tools they do not know`,
            });
        }
      })
      .optional(),
  })
  .superRefine(
    (s, ctx) => {
      // Construct mirrors teamId into team, so either one names the team.
      if (s.team === undefined && typeof s.teamId !== "string")
        ctx.addIssue({
          code: "custom",
          path: ["team"],
          message: '"team" (or "teamId") is required: reference an existing team id',
        });
    },
    { when: () => true },
  );

export type Specialist = z.infer<typeof specialistSchema>;
