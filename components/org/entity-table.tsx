import { parsePointer } from "@/lib/json/pointer";
import { fieldCandidates, openHref } from "@/lib/palette/open-param";
import type { FieldError } from "@/schemas/field-error";
import { ENTITY_KIND_SPECS, type EntityKind, type EntityRecord, type Scope, SECTION_OF } from "@/schemas/kinds";
import { ProblemList } from "./problem-list";
import { ScopeBadge } from "./scope-badge";

export type EntityRow = {
  id: string;
  scope: Scope;
  source?: string;
  path: string;
  overrides: { scope: Scope; path: string }[];
  record: EntityRecord;
};

export const summaryOf = (kind: EntityKind, r: EntityRecord): string => ENTITY_KIND_SPECS[kind].line(r);

/** A kind's problems by the record they are about (the pointer's second segment). */
export function problemsByEntity(problems: readonly FieldError[]): Map<string, FieldError[]> {
  const byEntity = new Map<string, FieldError[]>();
  for (const p of problems) {
    const id = parsePointer(p.location)[1];
    byEntity.set(id, [...(byEntity.get(id) ?? []), p]);
  }
  return byEntity;
}

export function EntityTable({ kind, rows }: { kind: EntityKind; rows: { row: EntityRow; problems: FieldError[] }[] }) {
  return (
    <table className="w-full min-w-[40rem] table-fixed text-left text-sm">
      <thead className="text-xs uppercase tracking-wide text-muted">
        <tr>
          <th className="w-56 py-2 pr-3">id</th>
          <th className="w-24 py-2 pr-3">tier</th>
          <th className="py-2 pr-3">summary</th>
          <th className="w-40 py-2">problems</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ row, problems: own }) => {
          const errors = own.filter((p) => p.severity === "error").length;
          return (
            <tr
              key={row.id}
              data-testid={`row-${kind}-${row.id}`}
              className="border-t border-slate-200 align-top dark:border-slate-800"
            >
              <td className="py-2 pr-3 font-mono text-xs" title={row.path}>
                <a
                  href={openHref(SECTION_OF[kind], row.id)}
                  data-testid="open-row"
                  className="text-sky-700 hover:underline dark:text-sky-400"
                >
                  {row.id}
                </a>
              </td>
              <td className="py-2 pr-3">
                <ScopeBadge scope={row.scope} source={row.source} />
                {row.overrides.length > 0 && (
                  <div className="mt-1 text-xs text-muted" data-testid="overrides">
                    overrides {row.overrides.map((o) => o.scope).join(", ")}
                  </div>
                )}
              </td>
              <td className="truncate py-2 pr-3 text-slate-600 dark:text-slate-300" title={summaryOf(kind, row.record)}>
                {summaryOf(kind, row.record)}
              </td>
              <td className="py-2">
                {own.length === 0 ? (
                  <span className="text-xs text-emerald-700 dark:text-emerald-400">valid</span>
                ) : (
                  <details>
                    <summary
                      className={`cursor-pointer text-xs ${errors ? "text-red-700 dark:text-red-400" : "text-warning"}`}
                    >
                      {errors} error(s), {own.length - errors} warning(s)
                    </summary>
                    <ProblemList
                      problems={own}
                      hrefOf={(p) => openHref(SECTION_OF[kind], row.id, fieldCandidates(p.location)[0])}
                    />
                  </details>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
