import { describe, expect, it } from "vitest";
import { DEPLOYMENT_MODES, type DeploymentMode } from "@/schemas/pack-manifest";
import { deploymentMode, failureOutcome, PROMPT_FAILURES, type PromptFailure } from "./failure-matrix";

/**
 * The prompt failure matrix, transcribed row by row. The last two rows extend it: a broken project
 * prompt override is treated like an optional prompt (degraded in solo only), and a pack that does
 * not load never falls back silently (the compat rule).
 */
const ADR_TABLE: Record<
  PromptFailure,
  { adr: string; solo: "hard" | "degraded"; teamEnterprise: "hard" | "degraded" }
> = {
  "pack-prompt-missing": {
    adr: "Missing prompt for specialist in an enabled team or enterprise pack",
    solo: "hard",
    teamEnterprise: "hard",
  },
  "pack-prompt-malformed": {
    adr: "Malformed frontmatter in an enabled team or enterprise pack prompt",
    solo: "hard",
    teamEnterprise: "hard",
  },
  "optional-prompt-missing": {
    adr: "Missing optional prompt with no pack declaration",
    solo: "degraded",
    teamEnterprise: "hard",
  },
  "builtin-prompt-missing": {
    adr: "Builtin prompt absent (package integrity error)",
    solo: "hard",
    teamEnterprise: "hard",
  },
  "project-prompt-malformed": {
    adr: "(extension) project prompt override with broken frontmatter",
    solo: "degraded",
    teamEnterprise: "hard",
  },
  "pack-not-loaded": {
    adr: "(compat rule) an enabled pack that is not loaded declares the prompt: no silent fallback from a wrong-version pack",
    solo: "hard",
    teamEnterprise: "hard",
  },
};

const cases = (Object.keys(ADR_TABLE) as PromptFailure[]).flatMap((scenario) =>
  DEPLOYMENT_MODES.map((mode) => ({
    scenario,
    mode,
    expected: mode === "solo" ? ADR_TABLE[scenario].solo : ADR_TABLE[scenario].teamEnterprise,
    adr: ADR_TABLE[scenario].adr,
  })),
);

describe("PROMPT_FAILURES matches the prompt failure matrix", () => {
  it("has exactly the rows of the table, and each row covers solo, team and enterprise", () => {
    expect(Object.keys(PROMPT_FAILURES).sort()).toEqual(Object.keys(ADR_TABLE).sort());
    for (const row of Object.values(PROMPT_FAILURES))
      expect(Object.keys(row).sort()).toEqual([...DEPLOYMENT_MODES].sort());
  });

  it.each(cases)("$scenario in $mode mode → $expected ($adr)", ({ scenario, mode, expected }) => {
    expect(PROMPT_FAILURES[scenario][mode]).toBe(expected);
    expect(failureOutcome(scenario, mode)).toBe(expected);
  });
});

describe("deploymentMode(env, config)", () => {
  it.each<[string | undefined, unknown, DeploymentMode]>([
    ["team", "enterprise", "team"],
    ["enterprise", "solo", "enterprise"],
    ["solo", "team", "solo"],
  ])("the environment wins: env %j over config %j → %s", (env, config, mode) => {
    expect(deploymentMode(env, config)).toEqual({ mode });
  });

  it.each<[unknown, DeploymentMode]>([
    ["team", "team"],
    ["enterprise", "enterprise"],
    ["solo", "solo"],
  ])("with no environment value the config decides: %j → %s", (config, mode) => {
    expect(deploymentMode(undefined, config)).toEqual({ mode });
    expect(deploymentMode("", config)).toEqual({ mode });
  });

  it("defaults to solo, without a warning, when neither is set", () => {
    expect(deploymentMode(undefined, undefined)).toEqual({ mode: "solo" });
  });

  it.each(["banana", "TEAM", "Enterprise", " team"])(
    "an invalid environment value %j falls back to solo with a warning naming it",
    (value) => {
      const result = deploymentMode(value, "team");
      expect(result.mode).toBe("solo");
      expect(result.warning).toContain(JSON.stringify(value));
      expect(result.warning).toContain("CONSTRUCT_DEPLOYMENT_MODE");
    },
  );

  it.each<unknown>(["banana", "Team", 42, true])(
    "an invalid config value %j falls back to solo with a warning naming it",
    (value) => {
      const result = deploymentMode(undefined, value);
      expect(result.mode).toBe("solo");
      expect(result.warning).toContain(JSON.stringify(value));
      expect(result.warning).toContain("deployment.mode");
    },
  );
});
