import type { DeploymentMode } from "@/schemas/pack-manifest";

/**
 * What each way a prompt can be missing or broken does per deployment mode: `hard` stops the run
 * naming pack, specialist and file; `degraded` continues on the fallback with a visible warning.
 */
export const PROMPT_FAILURES = {
  "pack-prompt-missing": { solo: "hard", team: "hard", enterprise: "hard" },
  "pack-prompt-malformed": { solo: "hard", team: "hard", enterprise: "hard" },
  "optional-prompt-missing": { solo: "degraded", team: "hard", enterprise: "hard" },
  "builtin-prompt-missing": { solo: "hard", team: "hard", enterprise: "hard" },
  /** Never fall back silently from a pack of the wrong version. */
  "pack-not-loaded": { solo: "hard", team: "hard", enterprise: "hard" },
  /** Treated like an optional prompt. */
  "project-prompt-malformed": { solo: "degraded", team: "hard", enterprise: "hard" },
} as const satisfies Record<string, Record<DeploymentMode, "hard" | "degraded">>;

export type PromptFailure = keyof typeof PROMPT_FAILURES;
export type FailureOutcome = "hard" | "degraded";

export function failureOutcome(scenario: PromptFailure, mode: DeploymentMode): FailureOutcome {
  return PROMPT_FAILURES[scenario][mode];
}

/** Environment first, then the project config; anything else is solo, with a warning. */
export function deploymentMode(
  envValue: string | undefined,
  configValue: unknown,
): { mode: DeploymentMode; warning?: string } {
  const valid = (v: unknown): v is DeploymentMode => v === "solo" || v === "team" || v === "enterprise";
  if (envValue !== undefined && envValue !== "") {
    if (valid(envValue)) return { mode: envValue };
    return {
      mode: "solo",
      warning: `CONSTRUCT_DEPLOYMENT_MODE=${JSON.stringify(envValue)} is not solo, team or enterprise; using solo`,
    };
  }
  if (configValue === undefined) return { mode: "solo" };
  if (valid(configValue)) return { mode: configValue };
  return {
    mode: "solo",
    warning: `config.json deployment.mode ${JSON.stringify(configValue)} is not solo, team or enterprise; using solo`,
  };
}
