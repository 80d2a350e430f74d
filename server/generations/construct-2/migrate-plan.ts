import { orderKeys } from "@/lib/json/safe-json";
import { entityPath } from "@/lib/org/field-error";
import { customProfileProblems } from "@/lib/org/worker-profile-rules";
import type { EntityRecord } from "@/schemas/kinds";
import { KEBAB_PATTERN, WORKER_PROFILE_TOOLS } from "@/schemas/worker-profile";

/**
 * An ADR-era tier's specialists as Construct 2.x custom worker profiles. Pure: the caller reads the
 * tier and writes the plan's files.
 */

export type AdrSpecialist = {
  id: string;
  /** The specialist as the earlier org runs it: the tier's file over any user-tier file of the same id. */
  record: EntityRecord;
  /** Where its file is, as shown to the user. */
  path: string;
  /** The prompt the earlier org gives it from the tier (`prompts/<id>.md`), if any. */
  prompt: { path: string; content: string } | null;
  /** The id is a built-in specialist's, so the file only overrides some of its fields. */
  overridesBuiltin: boolean;
};

export type RetiredRecord = { kind: "team" | "group" | "contract" | "policy"; id: string; path: string };

export type MigrationInput = {
  specialists: readonly AdrSpecialist[];
  retired: readonly RetiredRecord[];
  /** The worker profiles Construct 2.x ships; a custom profile with one of these ids replaces it whole. */
  registryIds: ReadonlySet<string>;
  /** Folders relative to the project root, with "/": where the profiles and their prompts go. */
  profileDir: string;
  promptDir: string;
  /** The promptFile a profile names, relative to the project root as Construct resolves it. */
  promptFileOf: (id: string) => string;
};

export type PlannedProfile = {
  from: string;
  id: string;
  file: string;
  record: EntityRecord;
  prompt: { file: string; content: string } | null;
};

export type MigrationPlan = {
  profiles: PlannedProfile[];
  /** Specialists not moved: each with why. */
  keptBack: { id: string; path: string; message: string }[];
  noHome: (RetiredRecord & { message: string })[];
  /** What was changed to fit Construct 2.x, per specialist. */
  changed: { id: string; note: string }[];
  /** Why nothing can be written; empty when the plan may be applied. */
  refused: { message: string }[];
};

const WHY_NO_HOME: Record<RetiredRecord["kind"], string> = {
  team: "Construct 2.x retired teams; each moved profile keeps its team id as a legacy `team` string",
  group: "Construct 2.x retired groups; no 2.x record holds one",
  contract:
    "Construct 2.x keeps contracts in its package's registry/capabilities.json, which a project or user tier cannot extend",
  policy: "Construct 2.x reads policies only from its package's registry/policies/, not from a project or user tier",
};

/** Tools the earlier org named with its `cx_` prefix, under the names Construct 2.x gives them. */
const RENAMED_TOOLS: Record<string, string> = { cx_trace: "construct_trace", cx_score: "construct_score" };
const TOOLS = new Set<string>(WORKER_PROFILE_TOOLS);

/** Fields carried over as they are; `id`, `teamId` and `promptFile` are rewritten, the rest have no 2.x home. */
const CARRIED = [
  "displayName",
  "description",
  "when_to_use",
  "role",
  "modelTier",
  "reasoningEffort",
  "skills",
  "events",
  "fence",
] as const;
const REWRITTEN = new Set(["id", "name", "team", "teamId", "handoffCandidates", "claudeTools", "promptFile"]);

export const profileIdOf = (id: string) => id.replace(/^cx-/, "");

function tools(id: string, raw: unknown, changed: MigrationPlan["changed"]): string | undefined {
  if (typeof raw !== "string") return undefined;
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const tool of raw
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean)) {
    const name = RENAMED_TOOLS[tool] ?? tool;
    if (name !== tool) changed.push({ id, note: `claudeTools: "${tool}" is "${name}" in Construct 2.x` });
    if (TOOLS.has(name)) kept.push(name);
    else dropped.push(tool);
  }
  if (dropped.length)
    changed.push({
      id,
      note: `claudeTools: dropped ${dropped.map((t) => `"${t}"`).join(", ")}, which Construct 2.x does not know${kept.length ? "" : "; no tools are left, so the field is left out"}`,
    });
  return kept.length ? kept.join(",") : undefined;
}

function profileOf(s: AdrSpecialist, input: MigrationInput, plan: MigrationPlan): PlannedProfile {
  const id = profileIdOf(s.id);
  const r = s.record;
  const changed = plan.changed;
  if (id !== s.id) changed.push({ id, note: `renamed from "${s.id}": Construct 2.x refuses ids with a "cx-" prefix` });
  if (typeof r.name === "string" && r.name !== id)
    changed.push({ id, note: `name "${r.name}" became "${id}": Construct 2.x keys a profile by its name` });
  if (input.registryIds.has(id))
    changed.push({ id, note: `replaces Construct 2.x's own worker profile "${id}" whole, as a later tier does` });
  const record: EntityRecord = { name: id };
  for (const field of CARRIED) if (r[field] !== undefined) record[field] = r[field];
  if (Array.isArray(r.handoffCandidates)) {
    record.handoffCandidates = r.handoffCandidates.map((h) => {
      if (typeof h !== "string" || !h.startsWith("cx-")) return h;
      changed.push({ id, note: `handoffCandidates: "${h}" is "${profileIdOf(h)}"` });
      return profileIdOf(h);
    });
  }
  const team = r.team ?? r.teamId;
  if (typeof team === "string" && KEBAB_PATTERN.test(team)) record.team = team;
  else if (team !== undefined)
    changed.push({ id, note: `team ${JSON.stringify(team)} left out: Construct 2.x refuses a team id of that form` });
  const claudeTools = tools(id, r.claudeTools, changed);
  if (claudeTools) record.claudeTools = claudeTools;
  for (const field of Object.keys(r))
    if (!REWRITTEN.has(field) && !(CARRIED as readonly string[]).includes(field))
      changed.push({ id, note: `${field} left out: Construct 2.x has no such field` });
  let prompt: PlannedProfile["prompt"] = null;
  if (s.prompt) {
    record.promptFile = input.promptFileOf(id);
    prompt = { file: `${input.promptDir}/${id}.md`, content: s.prompt.content };
  } else if (r.promptFile !== undefined)
    changed.push({ id, note: `promptFile "${String(r.promptFile)}" left out: the tier holds no prompt for it` });
  Object.assign(record, { internal: true, custom: true });
  return {
    from: s.id,
    id,
    file: `${input.profileDir}/${id}.json`,
    record: orderKeys(record, ["name", "displayName", "description"]),
    prompt,
  };
}

const refuse = (plan: MigrationPlan, message: string) => plan.refused.push({ message });

/** What `construct-studio migrate --to 2` writes, keeps back and reports, or why it refuses. */
export function planMigration(input: MigrationInput): MigrationPlan {
  const plan: MigrationPlan = { profiles: [], keptBack: [], noHome: [], changed: [], refused: [] };
  const taken = new Map<string, string>();
  for (const s of input.specialists) {
    if (s.overridesBuiltin) {
      plan.keptBack.push({
        id: s.id,
        path: s.path,
        message: `overrides the built-in specialist; Construct 2.x ships its own "${profileIdOf(s.id)}" and a custom profile would replace it whole, so re-apply the changed fields (${Object.keys(
          s.record,
        )
          .filter((f) => f !== "id")
          .join(", ")}) with \`construct worker-profile\` if they still matter`,
      });
      continue;
    }
    const id = profileIdOf(s.id);
    if (!KEBAB_PATTERN.test(id)) {
      refuse(
        plan,
        `${s.path}: "${s.id}" becomes "${id}", an id Construct 2.x cannot take (lowercase kebab-case starting with a letter); rename the specialist first`,
      );
      continue;
    }
    const other = taken.get(id);
    if (other) {
      refuse(
        plan,
        `${s.path}: "${s.id}" and "${other}" would both become worker profile "${id}"; rename one of them first`,
      );
      continue;
    }
    taken.set(id, s.id);
    const profile = profileOf(s, input, plan);
    const refused = customProfileProblems(id, profile.record).filter((e) => e.severity === "error");
    if (refused.length) {
      for (const problem of refused)
        refuse(
          plan,
          `${s.path}: field "${entityPath(problem.location).join(".") || "(record)"}" of "${s.id}": ${problem.message}; Construct 2.x refuses it, so fix it and run migrate again`,
        );
      continue;
    }
    plan.profiles.push(profile);
  }
  plan.noHome = input.retired.map((r) => ({ ...r, message: WHY_NO_HOME[r.kind] }));
  if (!plan.profiles.length && !plan.refused.length)
    refuse(
      plan,
      plan.keptBack.length
        ? "no specialists to move: every specialist of the tier overrides a built-in one (see kept back)"
        : "no specialists to move: the tier has no specialists/ files",
    );
  return plan;
}
