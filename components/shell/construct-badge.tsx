import type { ConstructInfo } from "@/schemas/api";

/** Which Construct the project runs on, why the studio thinks so (on hover), and 2.x's workspace preset. */
export function ConstructBadge({ construct, preset }: { construct: ConstructInfo; preset: string | null }) {
  return (
    <>
      <span
        data-testid="construct-generation"
        title={`Why: ${construct.reason}`}
        className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
      >
        {construct.label}
      </span>
      {preset && (
        <span
          data-testid="workspace-preset"
          title="The workspace preset Construct runs with: construct.config.json's workspacePreset, else its default"
          className="ml-1 text-muted"
        >
          preset {preset}
        </span>
      )}
    </>
  );
}
