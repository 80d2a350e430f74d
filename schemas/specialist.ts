import { z } from "zod";
import { constructText, house, idSchema, nonEmptyString, roleSchema, stringList } from "./common";
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

/** Construct's custom-record validator never reads `when_to_use`: its length is a house check. */
const whenToUse = house(
  z
    .string({ error: '"when_to_use" should be a string of 20 to 500 characters' })
    .refine((v) => v.trim().length >= 20, {
      error: (iss) => `"when_to_use" should be at least 20 characters (got ${String(iss.input).trim().length})`,
    })
    .refine((v) => v.length <= 500, {
      error: (iss) => `"when_to_use" is too long (${String(iss.input).length} > 500 characters)`,
    })
    .meta({ minLength: 20, maxLength: 500 }),
);

/** Construct skips a falsy `claudeTools` and reads any other through `String()`. */
const claudeTools = z
  .custom<string>(() => true)
  .superRefine((value, ctx) => {
    if (!value) return;
    for (const tool of String(value)
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
  .and(house(z.string({ error: '"claudeTools" should be a comma-separated string of tool names' })));

export const specialistSchema = z
  .looseObject({
    id: idSchema,
    name: z.string({ error: '"name" is required (lowercase kebab-case)' }).regex(/^[a-z][a-z0-9-]*$/, {
      error: (iss) => `"name" must be lowercase kebab-case, got ${JSON.stringify(iss.input)}`,
    }),
    displayName: house(z.string({ error: '"displayName" should be a string' })).optional(),
    description: constructText("description", 20, 500),
    when_to_use: whenToUse.optional(),
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
    // Construct wants the team a string; the id grammar is ours.
    team: z
      .string({ error: '"team" (or "teamId") is required: reference an existing team id' })
      .and(house(idSchema))
      .optional(),
    teamId: house(idSchema).optional(),
    groupId: house(idSchema).optional(),
    // Construct's validator checks only that a promptFile exists, and the org API turns that off.
    promptFile: house(nonEmptyString('"promptFile"')).optional(),
    claudeTools: claudeTools.optional(),
    // Fields Construct's own records carry that the studio shows but does not edit: kept on save.
    docArtifacts: house(stringList("docArtifacts")).optional(),
    watchConditions: house(
      z.array(z.looseObject({ watcher: z.string(), reason: z.string().optional() }), {
        error: '"watchConditions" should be an array of { watcher, reason }',
      }),
    ).optional(),
    permissions: house(z.record(z.string(), z.unknown(), { error: '"permissions" should be an object' })).optional(),
    injectAgentRoster: house(z.boolean().nullable()).optional(),
    embedOrientation: house(
      z.looseObject({
        focusAreas: stringList("embedOrientation.focusAreas").optional(),
        riskSignals: stringList("embedOrientation.riskSignals").optional(),
        artifactBias: stringList("embedOrientation.artifactBias").optional(),
      }),
    ).optional(),
    wordCapOverride: house(z.number().int().positive().nullable()).optional(),
    canEdit: house(z.boolean()).optional(),
    liveWebAccess: house(z.boolean().nullable()).optional(),
    internal: house(z.boolean().nullable()).optional(),
    severityImmediate: house(stringList("severityImmediate").nullable()).optional(),
    killSwitchEnv: house(z.string()).optional(),
    // A list in Construct 2.x, { schemaVersion, rules } in the earlier org: kept as it is.
    participationRules: z.unknown().optional(),
    custom: house(z.boolean()).optional(),
  })
  .superRefine(
    (s, ctx) => {
      // Construct mirrors teamId into team, so either one names the team: `team || teamId`, a string.
      const team = s.team || s.teamId;
      if (!team || typeof team !== "string")
        ctx.addIssue({
          code: "custom",
          path: ["team"],
          message: '"team" (or "teamId") is required: reference an existing team id',
        });
    },
    { when: () => true },
  );

export type Specialist = z.infer<typeof specialistSchema>;
