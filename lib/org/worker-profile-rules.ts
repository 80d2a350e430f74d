import { fenceSchema } from "@/schemas/fence";
import type { FieldError } from "@/schemas/field-error";
import { type EntityRecord, MODEL_TIERS } from "@/schemas/kinds";
import { SKILL_REF_PATTERN } from "@/schemas/specialist";
import { KEBAB_PATTERN, WORKER_PROFILE_TOOLS } from "@/schemas/worker-profile";
import { fenceProblems } from "./fence-problems";
import { fieldError, issuesToFieldErrors } from "./field-error";
import { bucket, type OrgIndex } from "./org-index";

/**
 * A custom worker profile as Construct 2.1.1's `validateCustomWorkerProfile` judges it, one FieldError
 * per refusal at the field it names, under a `worker-profile-<field>` id. Where Construct reads a value
 * through `String()` (a name, description or claudeTools) it is read so here too, and a value of another
 * type is a warning. The fence is held to the studio's grammar: README "Where the studio is stricter
 * than Construct 2.1.1".
 */

type Segment = string | number;
const SECTION = "worker-profiles";
const tools = new Set<string>(WORKER_PROFILE_TOOLS);
const shown = (v: unknown) => (v === undefined ? "undefined" : JSON.stringify(v));

export function customProfileProblems(id: string, rec: Record<string, unknown>): FieldError[] {
  const out: FieldError[] = [];
  const error = (rule: string, message: string, path: Segment[]) =>
    out.push(fieldError(rule, "error", message, SECTION, id, path));
  const notText = (field: string, rule: string) => {
    const value = rec[field];
    if (value && typeof value !== "string" && !out.some((p) => p.field === field))
      out.push(fieldError(rule, "warning", `"${field}" should be a string, got ${shown(value)}`, SECTION, id, [field]));
  };

  // Construct's registry validator refuses prefixed ids of its own profiles; a custom one it loads,
  // lists and shows, so the studio only says why the prefix is unwise.
  if (id.startsWith("cx-"))
    out.push(
      fieldError(
        "prefixed-worker-profile-id",
        "warning",
        `"${id}" starts with "cx-", a prefix Construct 2.x refuses in its own registry: it works for a custom profile, but "${id.slice(3)}" is the id Construct's own profiles would use`,
        SECTION,
        id,
        ["id"],
      ),
    );

  if (!rec.name || !KEBAB_PATTERN.test(String(rec.name)))
    error("worker-profile-name", `"name" must be lowercase kebab-case (e.g. "widget-worker"), got ${shown(rec.name)}`, [
      "name",
    ]);
  else notText("name", "worker-profile-name");

  const description = rec.description ? String(rec.description) : "";
  if (!description)
    error("worker-profile-description", `"description" is required: 20 to 500 characters that routing reads`, [
      "description",
    ]);
  else if (description.trim().length < 20)
    error(
      "worker-profile-description",
      `"description" must be at least 20 characters (got ${description.trim().length}): it is load-bearing for routing`,
      ["description"],
    );
  else if (description.length > 500)
    error(
      "worker-profile-description",
      `"description" is too long (${description.length} > 500 characters): keep it scannable`,
      ["description"],
    );
  else notText("description", "worker-profile-description");

  if (!rec.role || typeof rec.role !== "string")
    error("worker-profile-role", `"role" is required (e.g. "widget-worker"): used for routing and handoff matching`, [
      "role",
    ]);

  if (!(MODEL_TIERS as readonly unknown[]).includes(rec.modelTier))
    error(
      "worker-profile-model-tier",
      `"modelTier" must be one of ${MODEL_TIERS.join(" | ")}, got ${shown(rec.modelTier)}`,
      ["modelTier"],
    );

  // Construct reads `team`, falling back to `teamId` only when `team` is absent or null.
  const teamField = rec.team !== undefined && rec.team !== null ? "team" : "teamId";
  const team = rec[teamField];
  if (team !== undefined && team !== null && team !== "" && (typeof team !== "string" || !KEBAB_PATTERN.test(team)))
    error(
      "worker-profile-team",
      `"team" (or "teamId") must be a lowercase kebab-case id when present, got ${shown(team)}`,
      [teamField],
    );

  if (!Array.isArray(rec.skills) || rec.skills.length === 0)
    error("worker-profile-skills", `"skills" must be a non-empty array of "<bundle>/<skill>" references`, ["skills"]);
  else
    rec.skills.forEach((skill, i) => {
      if (typeof skill !== "string" || !SKILL_REF_PATTERN.test(skill))
        error(
          "worker-profile-skills",
          `skills[${i}] ${shown(skill)} is not a skill reference: expected "<bundle>/<skill>"`,
          ["skills", i],
        );
    });

  out.push(...fenceOf(id, rec.fence));

  if (rec.handoffCandidates !== undefined && !Array.isArray(rec.handoffCandidates))
    error("worker-profile-handoff-candidates", `"handoffCandidates" must be an array of role ids`, [
      "handoffCandidates",
    ]);

  // Construct skips a falsy claudeTools and reads any other through String().
  if (rec.claudeTools)
    for (const tool of String(rec.claudeTools)
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean))
      if (!tools.has(tool))
        error(
          "worker-profile-claude-tools",
          `unknown tool "${tool}" in claudeTools: host platforms silently drop tools they do not know`,
          ["claudeTools"],
        );
  notText("claudeTools", "worker-profile-claude-tools");

  // Construct joins a truthy promptFile onto the project root and throws on anything but a string.
  if (rec.promptFile && typeof rec.promptFile !== "string")
    error(
      "worker-profile-prompt-file",
      `"promptFile" must be a path relative to the project, got ${shown(rec.promptFile)}`,
      ["promptFile"],
    );
  return out;
}

function fenceOf(id: string, fence: unknown): FieldError[] {
  const at = (rule: string, message: string, path: Segment[]) => fieldError(rule, "error", message, SECTION, id, path);
  if (!fence || typeof fence !== "object" || Array.isArray(fence))
    return [at("worker-profile-fence", `"fence" is required: at minimum { "allowedPaths": [...] }`, ["fence"])];
  const allowed = (fence as Record<string, unknown>).allowedPaths;
  if (!Array.isArray(allowed) || allowed.length === 0)
    return [
      at("worker-profile-fence-allowed-paths", `"fence.allowedPaths" must be a non-empty array of path globs`, [
        "fence",
        "allowedPaths",
      ]),
    ];
  const parsed = fenceSchema.safeParse(fence);
  const out = parsed.success
    ? []
    : issuesToFieldErrors(
        "worker-profile",
        SECTION,
        id,
        parsed.error.issues.map((issue) => ({ ...issue, path: ["fence", ...issue.path] })),
      );
  for (const problem of fenceProblems(fence)) out.push(at(problem.id, problem.message, ["fence", ...problem.path]));
  return out;
}

/**
 * A handoff candidate names a worker profile by its role or its id; one naming neither goes nowhere.
 * A `promptFile` must exist under the project root, as Construct checks it.
 */
export function profileRules(ix: OrgIndex, id: string, rec: EntityRecord): FieldError[] {
  const out: FieldError[] = [];
  const file = rec.promptFile;
  if (file && typeof file === "string" && ix.promptFileExists?.(file) === false)
    out.push(
      fieldError(
        "worker-profile-prompt-file",
        "error",
        `promptFile "${file}" does not exist under the project root; create it or fix the path`,
        SECTION,
        id,
        ["promptFile"],
      ),
    );
  const handoffs = Array.isArray(rec.handoffCandidates) ? rec.handoffCandidates : [];
  handoffs.forEach((candidate, i) => {
    if (typeof candidate !== "string" || candidate === "") return;
    if (ix.records["worker-profiles"].has(candidate) || bucket(ix, "profilesByRole", candidate).length > 0) return;
    out.push(
      fieldError(
        "worker-profile-unknown-handoff",
        "warning",
        `handoff candidate "${candidate}" is no worker profile's role or id, so nothing receives the handoff`,
        SECTION,
        id,
        ["handoffCandidates", i],
      ),
    );
  });
  return out;
}
