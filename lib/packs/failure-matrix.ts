import type { DeploymentMode } from "@/schemas/pack-manifest";

/**
 * ADR-0055's prompt failure matrix as data: what each way a prompt can be missing or broken does
 * in each deployment mode. `hard` stops the run with an error naming pack, specialist and file;
 * `degraded` continues on the fallback with `degraded: true` and a visible warning.
 */
export const PROMPT_FAILURES = {
  /** An enabled pack declares a prompt for the specialist and the file is not there. */
  "pack-prompt-missing": { solo: "hard", team: "hard", enterprise: "hard" },
  /** An enabled pack's prompt has frontmatter that does not parse or does not name its role. */
  "pack-prompt-malformed": { solo: "hard", team: "hard", enterprise: "hard" },
  /** No pack declares the prompt, there is no project prompt and no built-in one. */
  "optional-prompt-missing": { solo: "degraded", team: "hard", enterprise: "hard" },
  /** A built-in specialist's built-in prompt is gone: the package is damaged. */
  "builtin-prompt-missing": { solo: "hard", team: "hard", enterprise: "hard" },
  /** An enabled pack that does not load (compat not satisfied, broken files) declares the prompt: never fall back silently from a wrong-version pack. */
  "pack-not-loaded": { solo: "hard", team: "hard", enterprise: "hard" },
  /** A project prompt override whose frontmatter is broken (not in the ADR: treated like an optional prompt). */
  "project-prompt-malformed": { solo: "degraded", team: "hard", enterprise: "hard" },
} as const satisfies Record<string, Record<DeploymentMode, "hard" | "degraded">>;

export type PromptFailure = keyof typeof PROMPT_FAILURES;
export type FailureOutcome = "hard" | "degraded";

export function failureOutcome(scenario: PromptFailure, mode: DeploymentMode): FailureOutcome {
  return PROMPT_FAILURES[scenario][mode];
}

/** Reads the mode from the environment value, then the project config; anything else is solo, with a warning. */
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
