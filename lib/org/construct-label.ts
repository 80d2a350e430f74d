import type { ConstructInfo } from "@/schemas/api";

/** The header's words for the Construct being edited: its generation, its version and what the org holds. */
export function constructLabel(c: ConstructInfo): string {
  if (c.generation === "adr") return "ADR-era org · specialists and teams";
  return `Construct ${c.version ?? "2.x (not installed)"} · worker profiles${c.readOnly ? " · read-only" : ""}`;
}
