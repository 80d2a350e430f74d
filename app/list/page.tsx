import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AcceptedWarnings } from "@/components/org/accepted-warnings";
import { EntityTable, problemsByEntity, summaryOf } from "@/components/org/entity-table";
import { KindChips, ListFilterForm, ListPager } from "@/components/org/list-filter-form";
import { ProblemGroups } from "@/components/org/problem-groups";
import { ProblemList } from "@/components/org/problem-list";
import { ReadOnlyWarnings } from "@/components/org/read-only-warnings";
import { fileProblems } from "@/lib/org/file-problems";
import { LIST_PAGE_SIZE, listHref, matchesFilter, parseListFilter } from "@/lib/org/list-filter";
import { pageWindow } from "@/lib/org/page-window";
import { groupProblems } from "@/lib/org/problem-groups";
import { pageName } from "@/lib/shell/pages";
import { ENTITY_KIND_SPECS, type EntityKind, SECTION_OF } from "@/schemas/kinds";
import { orgApi } from "@/server/services";
import { PageShell } from "../_shell/page-shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: pageName("/list") };

type Params = Record<string, string | string[] | undefined>;

export default async function OrgListPage({ searchParams }: { searchParams: Promise<Params> }) {
  const api = orgApi();
  // Only the kinds of the generation the project runs on: the other's sections are always empty.
  const order = api.paths.adapter.kinds;
  const [validation, lists, params] = await Promise.all([
    api.validateAll(),
    Promise.all(order.map((kind) => api.listEntities(kind))),
    searchParams,
  ]);
  const filter = parseListFilter(params, order);
  // The form sends its empty fields too: the address is tidied to the filter it means, to share as is.
  if (Object.values(params).some((v) => v === "")) redirect(listHref(filter));
  const entries = order.flatMap((kind, i) => {
    const byEntity = problemsByEntity(lists[i].errors);
    return lists[i].items.map((row) => {
      const problems = byEntity.get(row.id) ?? [];
      const words = `${row.id} ${summaryOf(kind, row.record)} ${row.path}`;
      return { kind, row, problems, entry: { kind, scope: row.scope, words, problems: problems.length } };
    });
  });
  const matching = entries.filter((e) => matchesFilter(e.entry, filter));
  // One page of rows at a time: a thousand specialists stay a few thousand elements, not tens of thousands.
  const win = pageWindow(matching.length, filter.page, LIST_PAGE_SIZE);
  const shown = matching.slice(win.from, win.to);
  const sections = order
    .map((kind) => ({ kind, rows: shown.filter((e) => e.kind === kind) }))
    .filter((s) => s.rows.length > 0);
  const files = fileProblems(
    validation.problems,
    entries.flatMap((e) => e.problems),
  );
  return (
    <PageShell current="/list">
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-6 py-8">
        <header className="mb-4">
          <h1 className="text-2xl font-semibold">{pageName("/list")}</h1>
          <p className="text-sm text-muted">
            The org merged from its tiers (built-in, packs, user, project), by kind: each record's tier, what it
            overrides, and its problems.
          </p>
          {api.paths.construct.problems.length > 0 && (
            <div data-testid="construct-problems" className="mt-2">
              <ProblemList problems={api.paths.construct.problems} />
            </div>
          )}
        </header>
        <KindChips filter={filter} kinds={order} counts={lists.map((l) => l.count)} />
        <ListFilterForm filter={filter} kinds={order} />
        <ListPager filter={filter} window={win} matching={matching.length} total={entries.length} />

        {files.unloaded.length > 0 && (
          <section
            data-testid="file-problems"
            className="mb-8 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40"
          >
            <h2 className="mb-2 font-semibold">Files that could not be loaded</h2>
            <ProblemGroups entries={groupProblems(files.unloaded)} />
          </section>
        )}
        {files.warnings.length > 0 && (
          <section
            data-testid="file-warnings"
            className="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950/40"
          >
            <h2 className="mb-2 font-semibold">Warnings in files ({files.warnings.length})</h2>
            <ProblemGroups entries={groupProblems(files.warnings)} />
          </section>
        )}
        {files.readOnly.length > 0 && <ReadOnlyWarnings problems={files.readOnly} />}
        {files.accepted.length > 0 && <AcceptedWarnings problems={files.accepted} />}

        {sections.map(({ kind, rows }) => (
          <KindSection key={kind} kind={kind} rows={rows} />
        ))}
        {win.pages > 1 && <ListPager filter={filter} window={win} matching={matching.length} total={entries.length} />}
      </main>
    </PageShell>
  );
}

function KindSection({ kind, rows }: { kind: EntityKind; rows: Parameters<typeof EntityTable>[0]["rows"] }) {
  return (
    <section id={SECTION_OF[kind]} className="mb-10">
      <h2 className="mb-2 text-lg font-semibold">{ENTITY_KIND_SPECS[kind].titles}</h2>
      {/* On a narrow screen the table scrolls sideways in its own box rather than losing its columns. */}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white px-4 dark:border-slate-800 dark:bg-slate-900">
        <EntityTable kind={kind} rows={rows} />
      </div>
    </section>
  );
}
