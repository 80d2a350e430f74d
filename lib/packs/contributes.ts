import type { PackRow } from "@/schemas/pack-manifest";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * What a pack adds, in the terms of its manifest: a pack that lists worker profiles adds those and
 * prompts; any other, the records of the org of specialists. One sentence for the page and the CLI.
 */
export function contributesText(p: Pick<PackRow, "contributes">): string {
  const c = p.contributes;
  const parts = c.workerProfiles
    ? [plural(c.workerProfiles.length, "worker profile"), plural(c.prompts.length, "prompt")]
    : [
        plural(c.specialists.length, "specialist"),
        plural(c.teams.length, "team"),
        plural(c.contracts.length, "contract"),
        plural(c.prompts.length, "prompt"),
        plural(c.workflows.length, "workflow"),
      ];
  return `contributes ${parts.join(", ")}`;
}
