// Plain constants, no zod: the editor's first load reads these.

/**
 * What one generation of Construct has or lacks beyond its record kinds: each surface (CLI, MCP,
 * HTTP, the pages) asks the project's generation, and one that lacks a feature answers with
 * `NOT_IN_GENERATION` and the same sentence everywhere.
 */
export const FEATURES = {
  trust: "trusting the project's own Construct install to run its validators",
  "embed-tick": "running an embed capability's tick from the studio",
  "embed-overrides": "overriding an embed capability's fields from the studio",
  activity: "reading the activity records Construct writes while it works",
} as const;
export type Feature = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as [Feature, ...Feature[]];

/** The machine code of an answer that a concept does not exist in the project's generation. */
export const NOT_IN_GENERATION = "not_in_generation";
