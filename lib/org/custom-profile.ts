import { type EntityRecord, MODEL_TIERS, REASONING_EFFORTS } from "@/schemas/kinds";
import { SKILL_REF_PATTERN } from "@/schemas/specialist";
import { WORKER_PROFILE_TOOLS } from "@/schemas/worker-profile";

const FENCE_KEYS = ["allowedPaths", "allowedCommands", "allowedBdLabels", "approvalRequired", "deniedActions"];
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const isIn = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T);

/**
 * A Construct 2.x registry profile in the shape of a custom one, which is what a project or user file
 * must hold: Construct replaces the registry record with the file whole, and checks the file as a
 * custom profile. Registry fields without a custom counterpart are left out; a custom record is
 * returned as it is.
 */
export function customProfileFrom(id: string, rec: EntityRecord): EntityRecord {
  if (typeof rec.name === "string" && rec.fence !== undefined) return rec;
  const fence = (rec.policyFence ?? {}) as EntityRecord;
  const tools = strings(rec.toolGrants).filter((t) => isIn(WORKER_PROFILE_TOOLS, t));
  return {
    id,
    name: id,
    ...(typeof rec.displayName === "string" ? { displayName: rec.displayName } : {}),
    description: typeof rec.description === "string" ? rec.description : "",
    role: id,
    // The registry's "strong" tier is the custom profiles' "reasoning".
    modelTier: isIn(MODEL_TIERS, rec.modelTier) ? rec.modelTier : rec.modelTier === "strong" ? "reasoning" : "standard",
    ...(isIn(REASONING_EFFORTS, rec.reasoningEffort) ? { reasoningEffort: rec.reasoningEffort } : {}),
    skills: strings(rec.skillEmphasis).filter((s) => SKILL_REF_PATTERN.test(s)),
    fence: Object.fromEntries(FENCE_KEYS.filter((k) => Array.isArray(fence[k])).map((k) => [k, fence[k]])),
    ...(tools.length ? { claudeTools: tools.join(",") } : {}),
    handoffCandidates: [],
    internal: true,
    custom: true,
  };
}
