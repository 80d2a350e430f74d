import { z } from "zod";
import { EDGE_KINDS } from "./edge-kinds";
import { graphEdgeDataSchema } from "./graph";
import { ENTITY_KINDS } from "./kinds";

/** What a change to the org does, as `plan --format json` prints it and `GET /api/plan` returns it. */

export const fieldDiffSchema = z.object({
  /** Dotted path inside the record, e.g. `fence.allowedCommands`. */
  field: z.string(),
  added: z.array(z.unknown()).optional(),
  removed: z.array(z.unknown()).optional(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type FieldDiff = z.infer<typeof fieldDiffSchema>;

const entityChangeSchema = z.object({
  kind: z.literal("entity"),
  action: z.enum(["add", "remove", "change"]),
  entity: z.enum(ENTITY_KINDS),
  id: z.string(),
  /** The file that holds the record (or held it, for a removal). */
  path: z.string().optional(),
  fields: z.array(fieldDiffSchema).optional(),
});

const edgeChangeSchema = z.object({
  kind: z.literal("edge"),
  action: z.enum(["add", "remove"]),
  edge: z.enum(EDGE_KINDS),
  id: z.string(),
  source: z.string(),
  target: z.string(),
  label: z.string().optional(),
  /** The relationship's typed fields, so a removed edge can still be drawn as a ghost. */
  data: graphEdgeDataSchema.optional(),
});

const accessChangeSchema = z.object({
  kind: z.literal("access"),
  action: z.enum(["widen", "narrow"]),
  id: z.string(),
  /** The effective-fence list that changed (`allowedPaths`, `deniedActions`, …). */
  field: z.string(),
  /** The entry gained or lost (`"git push"`, `"push:**"`, a label). */
  entry: z.string(),
  detail: z.string(),
  /** `specialist` when its own fence changed, `team <id>` when only its team's did, or `added`/`removed`. */
  via: z.string(),
  path: z.string().optional(),
});

/** What a principal gains or loses reaching through others (handoffs, contracts). */
const reachChangeSchema = z.object({
  kind: z.literal("reach"),
  action: z.enum(["widen", "narrow"]),
  /** The specialist (or 2.x worker profile) whose reach changed; often one the change never touched. */
  id: z.string(),
  field: z.string(),
  entry: z.string(),
  /** Whose fence grants (or granted) it. */
  holder: z.string(),
  /** The path: `cx-reviewer → handoff → cx-engineer: edit src/**`. */
  detail: z.string(),
});

const problemChangeSchema = z.object({
  kind: z.literal("problem"),
  action: z.enum(["introduced", "fixed"]),
  id: z.string(),
  severity: z.enum(["error", "warning"]),
  message: z.string(),
  location: z.string(),
  path: z.string().optional(),
});

const routeChangeSchema = z.object({
  kind: z.literal("route"),
  action: z.literal("move"),
  id: z.string(),
  task: z.string(),
  before: z.array(z.string()),
  after: z.array(z.string()),
  file: z.string().optional(),
});

export const planChangeSchema = z.discriminatedUnion("kind", [
  entityChangeSchema,
  edgeChangeSchema,
  accessChangeSchema,
  reachChangeSchema,
  problemChangeSchema,
  routeChangeSchema,
]);
export type PlanChange = z.infer<typeof planChangeSchema>;
export type EntityChange = z.infer<typeof entityChangeSchema>;
export type EdgeChange = z.infer<typeof edgeChangeSchema>;
export type AccessChange = z.infer<typeof accessChangeSchema>;
export type ReachChange = z.infer<typeof reachChangeSchema>;
export type ProblemChange = z.infer<typeof problemChangeSchema>;
export type RouteChange = z.infer<typeof routeChangeSchema>;

export const planSummarySchema = z.object({
  add: z.number().int(),
  change: z.number().int(),
  remove: z.number().int(),
  /** Specialists whose effective fence allows something it did not. */
  widens: z.number().int(),
  narrows: z.number().int(),
  /** Specialists that reach, through others, something they did not. */
  reachWidens: z.number().int(),
  reachNarrows: z.number().int(),
  edgesAdded: z.number().int(),
  edgesRemoved: z.number().int(),
  problemsIntroduced: z.number().int(),
  problemsFixed: z.number().int(),
  errorsIntroduced: z.number().int(),
  routingMoves: z.number().int(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const planSchema = z.object({
  /** What the org was compared with: a git revision, an export file, or the built-in tier. */
  against: z.object({
    kind: z.enum(["git", "export", "builtin", "saved"]),
    ref: z.string(),
    /** Said to the user, e.g. "not a git repository: compared with the built-in tier". */
    note: z.string().optional(),
  }),
  summary: planSummarySchema,
  changes: z.array(planChangeSchema),
});
export type Plan = z.infer<typeof planSchema>;

export const planDraftBodySchema = z.union([
  z.object({ kind: z.enum(ENTITY_KINDS), record: z.record(z.string(), z.unknown()) }),
  z.object({ kind: z.enum(ENTITY_KINDS), id: z.string().min(1), remove: z.literal(true) }),
]);
export type PlanDraftBody = z.infer<typeof planDraftBodySchema>;
