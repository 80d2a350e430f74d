import type { ConstructInfo } from "@/schemas/api";

/** Whether the header offers to trust the project's own install: only a project install runs after the user says so. */
export const offersTrust = (c: ConstructInfo) => c.generation === "2" && c.source === "project" && !c.trusted;

/** The header's words for the Construct being edited: its generation, its version and what the org holds. */
export function constructLabel(c: ConstructInfo): string {
  if (c.generation === "adr") return "ADR-era org · specialists and teams";
  return `Construct ${c.version ?? "2.x (not installed)"} · worker profiles${c.readOnly ? " · read-only" : ""}`;
}
