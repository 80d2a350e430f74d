import type { Feature } from "@/schemas/generation";
import type { EntityKind, Generation } from "@/schemas/kinds";
import { generationAdapter } from "@/server/config";

export { adrProject, construct2Project, type ParityProject } from "./parity-projects";

/** What a surface must answer when asked for something its project's generation does not have. */
export const absentFeature = (generation: Generation, feature: Feature): string => {
  const message = generationAdapter(generation).absent[feature];
  if (!message) throw new Error(`${generation} has ${feature}: the row should expect a real answer`);
  return message;
};

export const absentKind = (generation: Generation, kind: EntityKind): string =>
  generationAdapter(generation).absentKind(kind);

/** The kinds each generation holds, and one of another generation's, for the "not here" answers. */
export const KINDS = {
  adr: { principal: "specialist", other: "worker-profile", team: "team" },
  "2": { principal: "worker-profile", other: "team", team: null },
} as const;
