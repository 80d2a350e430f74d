import { isPlainObject } from "@/lib/json/safe-json";
import { APPROVAL_MODES, EMBED_RUNTIMES, PROPOSAL_AUTHORITIES, WORKFLOW_TYPES } from "@/schemas/embed";

/**
 * Construct 2.x's rules for a procedure file and for the `embed` block that makes it an embed
 * capability (lib/procedures/validate.mjs and lib/embed/capability-loader.mjs in its package), in
 * its words, so the studio refuses exactly what `construct embed` refuses.
 */

const SEMVER = /^\d+\.\d+\.\d+(?:[-+].+)?$/;
const ID = /^[a-z0-9\-./]+$/;
const REQUIRED = ["id", "version", "type", "workerProfiles", "approvalMode", "modelTier", "state"] as const;
const MODEL_TIERS = ["cheap", "standard", "strong"];
const STATES = ["defined", "active", "retired", "removed"];
const EMBED_REQUIRED = [
  "workerProfileId",
  "providerBindings",
  "framework",
  "outputContract",
  "proposalAuthority",
  "runtime",
] as const;

const present = (v: unknown) => v !== undefined && v !== null;
const oneOf = (values: readonly string[], v: unknown) => typeof v === "string" && values.includes(v);

export function procedureProblems(m: unknown): string[] {
  if (!isPlainObject(m)) return ["manifest must be a JSON object"];
  const errors = REQUIRED.filter((f) => !present(m[f])).map((f) => `missing required field: ${f}`);
  if (present(m.type) && !oneOf(WORKFLOW_TYPES, m.type))
    errors.push(`unknown type '${m.type}'; expected one of: ${WORKFLOW_TYPES.join(", ")}`);
  if (present(m.version) && (typeof m.version !== "string" || !SEMVER.test(m.version)))
    errors.push("version must be a semver string");
  if (present(m.id) && (typeof m.id !== "string" || m.id.length === 0)) errors.push("id must be a non-empty string");
  else if (typeof m.id === "string" && !ID.test(m.id)) errors.push(`id must match [a-z0-9-./]+ (got '${m.id}')`);
  if (present(m.schemaVersion) && !(Number.isInteger(m.schemaVersion) && (m.schemaVersion as number) <= 1))
    errors.push("schemaVersion must be an integer no higher than 1");
  if (present(m.approvalMode) && !oneOf(APPROVAL_MODES, m.approvalMode))
    errors.push(`approvalMode must be one of: ${APPROVAL_MODES.join(", ")} (got '${m.approvalMode}')`);
  if (!Array.isArray(m.workerProfiles)) errors.push("workerProfiles must be an array");
  else if (m.type !== "embed" && m.workerProfiles.length === 0)
    errors.push("workerProfiles must contain at least one Worker Profile for an executable Procedure");
  if ("modelTier" in m && !oneOf(MODEL_TIERS, m.modelTier))
    errors.push(`modelTier must be one of: ${MODEL_TIERS.join(", ")} (got '${m.modelTier}')`);
  if ("state" in m && !oneOf(STATES, m.state))
    errors.push(`state must be one of: ${STATES.join(", ")} (got '${m.state}')`);
  return errors;
}

/**
 * The `embed` block's problems, each led by its field path. `known` is the registry's worker
 * profile ids: Construct 2.x resolves `embed.workerProfileId` against those alone.
 */
export function embedBlockProblems(m: Record<string, unknown>, known?: readonly string[]): string[] {
  if (m.type !== "embed") return [`type: must be "embed" (got '${m.type}')`];
  const e = m.embed;
  if (!isPlainObject(e)) return ['embed: must be an object present on every type:"embed" manifest'];
  const errors = EMBED_REQUIRED.filter((f) => !present(e[f])).map((f) => `embed.${f}: missing required field`);
  const nonEmpty = (f: string) => {
    if (present(e[f]) && (typeof e[f] !== "string" || e[f] === ""))
      errors.push(`embed.${f}: must be a non-empty string`);
  };
  nonEmpty("workerProfileId");
  if (typeof e.workerProfileId === "string" && e.workerProfileId && known?.length && !known.includes(e.workerProfileId))
    errors.push(
      `embed.workerProfileId: unknown Worker Profile '${e.workerProfileId}' (Construct resolves it against its registry's worker profiles)`,
    );
  if (present(e.providerBindings)) {
    if (!Array.isArray(e.providerBindings)) errors.push("embed.providerBindings: must be an array of provider ids");
    else if (e.providerBindings.length === 0)
      errors.push("embed.providerBindings: must declare at least one provider id");
    else
      e.providerBindings.forEach((b, i) => {
        if (typeof b !== "string" || !b) errors.push(`embed.providerBindings[${i}]: must be a non-empty string`);
      });
  }
  nonEmpty("framework");
  nonEmpty("outputContract");
  if (present(e.proposalAuthority) && !oneOf(PROPOSAL_AUTHORITIES, e.proposalAuthority))
    errors.push(
      `embed.proposalAuthority: must be one of: ${PROPOSAL_AUTHORITIES.join(", ")} (got '${e.proposalAuthority}')`,
    );
  if (present(e.runtime) && !oneOf(EMBED_RUNTIMES, e.runtime))
    errors.push(`embed.runtime: must be one of: ${EMBED_RUNTIMES.join(", ")} (got '${e.runtime}')`);
  if (present(e.cadence)) {
    if (!isPlainObject(e.cadence)) errors.push('embed.cadence: must be an object (e.g. { "every": "PT15M" })');
    else if ("every" in e.cadence && typeof e.cadence.every !== "string")
      errors.push("embed.cadence.every: must be a string (ISO-8601 duration)");
  }
  if (present(e.filter) && !isPlainObject(e.filter)) errors.push("embed.filter: must be an object");
  return errors;
}
