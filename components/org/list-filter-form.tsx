import { isFiltered, type ListFilter, listHref } from "@/lib/org/list-filter";
import { ENTITY_KIND_SPECS, type EntityKind, SCOPES } from "@/schemas/kinds";

const FIELD = "rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900";
const CHIP =
  "rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-900";
const CHIP_ON = "border-sky-700 bg-sky-50 font-semibold dark:border-sky-400 dark:bg-sky-950";

/**
 * A plain GET form: the filter lives in the address (shareable, reloadable, Back works) and the
 * page needs no script for it.
 */
export function ListFilterForm({ filter, kinds }: { filter: ListFilter; kinds: readonly EntityKind[] }) {
  return (
    <form
      method="get"
      action="/list"
      aria-label="Filter the records"
      data-testid="list-filter"
      className="mb-4 flex flex-wrap items-end gap-3 text-sm"
    >
      <label className="flex flex-col gap-1">
        Text
        <input
          type="search"
          name="q"
          defaultValue={filter.text}
          placeholder="id, summary or file"
          className={`${FIELD} w-56`}
        />
      </label>
      <label className="flex flex-col gap-1">
        Kind
        <select name="kind" defaultValue={filter.kind ?? ""} className={FIELD}>
          <option value="">every kind</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {ENTITY_KIND_SPECS[k].titles}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Tier
        <select name="tier" defaultValue={filter.tier ?? ""} className={FIELD}>
          <option value="">every tier</option>
          {SCOPES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1.5 py-1">
        <input type="checkbox" name="hide" value="builtin" defaultChecked={filter.hideBuiltin} />
        Hide built-in
      </label>
      <label className="flex items-center gap-1.5 py-1">
        <input type="checkbox" name="problems" value="1" defaultChecked={filter.problemsOnly} />
        Problems only
      </label>
      <button type="submit" className="rounded bg-sky-700 px-3 py-1 text-white hover:bg-sky-800">
        Filter
      </button>
      {isFiltered(filter) && (
        <a href="/list" className="py-1 text-sky-700 underline dark:text-sky-400">
          Show everything
        </a>
      )}
    </form>
  );
}

/** Each kind with its count in the whole org; a chip narrows the list to that kind. */
export function KindChips({
  filter,
  kinds,
  counts,
}: {
  filter: ListFilter;
  kinds: readonly EntityKind[];
  counts: readonly number[];
}) {
  return (
    <nav className="mb-4 flex flex-wrap gap-2" aria-label="Entity kinds">
      {kinds.map((kind, i) => (
        <a
          key={kind}
          href={listHref({ ...filter, kind: filter.kind === kind ? null : kind, page: 1 })}
          aria-current={filter.kind === kind ? "true" : undefined}
          className={`${CHIP} ${filter.kind === kind ? CHIP_ON : ""}`}
        >
          {ENTITY_KIND_SPECS[kind].titles}{" "}
          <span data-testid={`count-${kind}`} className="text-muted">
            {counts[i]}
          </span>
        </a>
      ))}
    </nav>
  );
}

/** "Showing 201–400 of 1,044 matching records", with the pages before and after as links. */
export function ListPager({
  filter,
  window: w,
  matching,
  total,
}: {
  filter: ListFilter;
  window: { page: number; pages: number; from: number; to: number };
  matching: number;
  total: number;
}) {
  const n = (x: number) => x.toLocaleString("en");
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p data-testid="list-shown">
        {matching === 0
          ? `No record matches the filter (${n(total)} in the org).`
          : `Showing ${n(w.from + 1)}–${n(w.to)} of ${n(matching)} ${isFiltered(filter) ? "matching records" : "records"}${isFiltered(filter) ? ` (${n(total)} in the org)` : ""}.`}
      </p>
      {w.pages > 1 && (
        <nav aria-label="Pages of records" className="flex items-center gap-3">
          {w.page > 1 && (
            <a
              href={listHref({ ...filter, page: w.page - 1 })}
              rel="prev"
              className="text-sky-700 underline dark:text-sky-400"
            >
              ← Previous page
            </a>
          )}
          <span data-testid="list-page">
            page {w.page} of {w.pages}
          </span>
          {w.page < w.pages && (
            <a
              href={listHref({ ...filter, page: w.page + 1 })}
              rel="next"
              className="text-sky-700 underline dark:text-sky-400"
            >
              Next page →
            </a>
          )}
        </nav>
      )}
    </div>
  );
}
