import type { Scope } from "@/schemas/kinds";

const STYLES: Record<Scope, string> = {
  builtin: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  pack: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  user: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300",
  project: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
};

export function ScopeBadge({ scope, source }: { scope: Scope; source?: string }) {
  return (
    <span
      data-testid="scope-badge"
      title={source ? `from pack ${source}` : undefined}
      className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${STYLES[scope]}`}
    >
      {source ? `pack ${source}` : scope}
    </span>
  );
}
