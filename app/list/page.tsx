import { EntityTable } from "@/components/org/entity-table";
import { ProblemList } from "@/components/org/problem-list";
import { constructLabel } from "@/lib/org/construct-label";
import { statusText } from "@/lib/palette/status-text";
import { ENTITY_KIND_SPECS, kindsOf, SECTION_OF } from "@/schemas/kinds";
import { constructStatus } from "@/server/construct/status";
import { orgApi } from "@/server/services";

export const dynamic = "force-dynamic";

export default async function OrgListPage() {
  const api = orgApi();
  // Only the kinds of the generation the project runs on: the other's sections are always empty.
  const order = kindsOf(api.paths.construct.generation);
  const [validation, lists] = await Promise.all([
    api.validateAll(),
    Promise.all(order.map((kind) => api.listEntities(kind))),
  ]);
  // Problems tied to a file: errors there mean the file could not be loaded as a record; warnings
  // are house checks on a loaded file, listed apart so they are not mistaken for broken files.
  const fileProblems = validation.problems.filter((p) => p.path && p.severity === "error");
  const fileWarnings = validation.problems.filter((p) => p.path && p.severity !== "error");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-6 py-8">
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">
            Construct Studio{" "}
            <a
              href="/"
              className="ml-2 align-middle text-sm font-normal text-sky-700 hover:underline dark:text-sky-400"
            >
              open the graph editor →
            </a>
          </h1>
          <p className="text-sm text-muted">
            Org of <code data-testid="project-root">{api.paths.root}</code>, merged from the builtin, user and project
            tiers.
          </p>
          <p className="text-sm text-muted" data-testid="construct-generation" title={api.paths.construct.reason}>
            {constructLabel(constructStatus(api.paths))}
            {api.paths.construct.workspacePreset && (
              <span data-testid="workspace-preset">
                {" "}
                · active workspace preset {api.paths.construct.workspacePreset}
              </span>
            )}
          </p>
          {api.paths.construct.problems.length > 0 && (
            <div data-testid="construct-problems" className="mt-2">
              <ProblemList problems={api.paths.construct.problems} />
            </div>
          )}
        </div>
        <div
          data-testid="validation-summary"
          className={`rounded-md px-3 py-1.5 text-sm font-medium ${validation.ok ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" : "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300"}`}
        >
          {statusText([...validation.errors, ...validation.warnings])}
        </div>
      </header>

      <nav className="mb-6 flex flex-wrap gap-2" aria-label="Entity kinds">
        {order.map((kind, i) => (
          <a
            key={kind}
            href={`#${SECTION_OF[kind]}`}
            className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-900"
          >
            {ENTITY_KIND_SPECS[kind].titles}{" "}
            <span data-testid={`count-${kind}`} className="text-muted">
              {lists[i].count}
            </span>
          </a>
        ))}
      </nav>

      {fileProblems.length > 0 && (
        <section
          data-testid="file-problems"
          className="mb-8 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40"
        >
          <h2 className="mb-2 font-semibold">Files that could not be loaded</h2>
          <ProblemList problems={fileProblems} />
        </section>
      )}
      {fileWarnings.length > 0 && (
        <section
          data-testid="file-warnings"
          className="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950/40"
        >
          <h2 className="mb-2 font-semibold">Warnings in files</h2>
          <ProblemList problems={fileWarnings} />
        </section>
      )}

      {order.map((kind, i) => (
        <section key={kind} id={SECTION_OF[kind]} className="mb-10">
          <h2 className="mb-2 text-lg font-semibold">{ENTITY_KIND_SPECS[kind].titles}</h2>
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white px-4 dark:border-slate-800 dark:bg-slate-900">
            <EntityTable kind={kind} rows={lists[i].items} problems={lists[i].errors} />
          </div>
        </section>
      ))}
    </main>
  );
}
