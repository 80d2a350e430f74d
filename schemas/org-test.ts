import { z } from "zod";
import { FENCE_ACTIONS } from "./fence";
import { fieldErrorSchema } from "./field-error";
import { orgTestCoverageSchema } from "./org-test-coverage";

/** A case's kind follows from its fields: `action` (fence), `task` (routing), `handoffTo`/`escalatesTo` (edges). */

const name = z.string().min(1, { error: '"name" must be a non-empty string' });

/** The decisions `POST /api/org/preview/action` returns that a case may expect. */
export const FENCE_EXPECTATIONS = ["allowed", "needs-approval", "outside-fence", "denied"] as const;
/** `unreachable`: no path of handoffs, contracts or escalations from the specialist grants the action. */
export const CASE_EXPECTATIONS = [...FENCE_EXPECTATIONS, "unreachable"] as const;

export const fenceCaseSchema = z.strictObject({
  name,
  specialist: z.string().min(1),
  action: z.enum(FENCE_ACTIONS, {
    error: `"action" must be one of ${FENCE_ACTIONS.join(", ")}`,
  }),
  target: z.string().max(4096).default(""),
  expect: z.enum(CASE_EXPECTATIONS, { error: `"expect" must be one of ${CASE_EXPECTATIONS.join(", ")}` }),
});

export const routingCaseSchema = z.strictObject({
  name,
  task: z.string().min(1).max(10_000),
  expect: z.union([
    z.strictObject({ top: z.string().min(1) }),
    z.strictObject({ specialist: z.string().min(1), inTop: z.number().int().min(1).max(100) }),
  ]),
  not: z.boolean().optional(),
});

export const handoffCaseSchema = z.strictObject({
  name,
  from: z.string().min(1),
  handoffTo: z.string().min(1),
  not: z.boolean().optional(),
});

export const escalationCaseSchema = z.strictObject({
  name,
  team: z.string().min(1),
  escalatesTo: z.string().min(1),
  not: z.boolean().optional(),
});

export const orgTestCaseSchema = z.union([fenceCaseSchema, routingCaseSchema, handoffCaseSchema, escalationCaseSchema]);
export type FenceCase = z.infer<typeof fenceCaseSchema>;
export type RoutingTestCase = z.infer<typeof routingCaseSchema>;
export type HandoffCase = z.infer<typeof handoffCaseSchema>;
export type EscalationCase = z.infer<typeof escalationCaseSchema>;
export type OrgTestCase = z.infer<typeof orgTestCaseSchema>;

export const orgTestFileSchema = z.object({
  $schema: z.string().optional(),
  cases: z.array(orgTestCaseSchema),
});
export type OrgTestFile = z.infer<typeof orgTestFileSchema>;

export function orgTestJsonSchema(): object {
  return z.toJSONSchema(orgTestFileSchema, { unrepresentable: "any", io: "input" }) as object;
}

export const orgTestResultSchema = z.object({
  file: z.string(),
  index: z.number().int(),
  name: z.string(),
  kind: z.enum(["fence", "routing", "handoff", "escalation"]),
  pass: z.boolean(),
  /** What decided: the fence rule, the ranking, or the edge. */
  detail: z.string(),
  ranking: z.array(z.string()).optional(),
  /** The record the case is about, for a link that opens it: the specialist tested, or the team that escalates. */
  record: z.object({ kind: z.enum(["specialist", "worker-profile", "team", "group"]), id: z.string() }).optional(),
});
export type OrgTestResult = z.infer<typeof orgTestResultSchema>;

export const orgTestRunSchema = z.object({
  results: z.array(orgTestResultSchema),
  problems: z.array(fieldErrorSchema),
  summary: z.object({ passed: z.number().int(), failed: z.number().int(), invalid: z.number().int() }),
  /** Only when asked for (`test --coverage`, the /tests page). */
  coverage: orgTestCoverageSchema.optional(),
});
export type OrgTestRun = z.infer<typeof orgTestRunSchema>;

export const runTestsBodySchema = z.object({
  draft: z
    .object({
      kind: z.enum(["group", "team", "specialist", "contract", "policy"]),
      record: z.record(z.string(), z.unknown()),
    })
    .optional(),
  coverage: z.boolean().optional(),
});

/** One case appended to a test file (default `studio.test.json`). */
export const saveTestBodySchema = z.object({
  file: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}\.test\.json$/, { error: "file must be <name>.test.json in lowercase" })
    .default("studio.test.json"),
  case: orgTestCaseSchema,
});
