import type { ConstructInfo } from "@/schemas/api";

/** Which Construct the project runs on, and why the studio thinks so (on hover). */
export function ConstructBadge({ construct }: { construct: ConstructInfo }) {
  return (
    <span
      data-testid="construct-generation"
      title={`Why: ${construct.reason}`}
      className="whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      {construct.label}
    </span>
  );
}

/** 2.x's workspace preset, where the project has one. */
export function WorkspacePreset({ preset }: { preset: string | null }) {
  if (!preset) return null;
  return (
    <span
      data-testid="workspace-preset"
      title="The workspace preset Construct runs with: construct.config.json's workspacePreset, else its default"
      className="shrink-0 whitespace-nowrap"
    >
      preset {preset}
    </span>
  );
}
