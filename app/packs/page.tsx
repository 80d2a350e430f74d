import type { Metadata } from "next";
import { InstallPack, PackToggle } from "@/components/packs/pack-actions";
import { blockedBy, PackProblems } from "@/components/packs/pack-problems";
import { Providers } from "@/components/providers";
import { contributesText } from "@/lib/packs/contributes";
import { pageName } from "@/lib/shell/pages";
import { ENTITY_KIND_SPECS } from "@/schemas/kinds";
import { listPacks, orgApi, packService, resolveSpecialistPrompt } from "@/server/services";
import { PageShell } from "../_shell/page-shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: pageName("/packs") };

/** Prompts resolved and shown per page: a thousand principals stay one screen of rows, not a thousand. */
const PROMPTS_PER_PAGE = 50;
const TIER_ORDER: Record<string, number> = { project: 0, user: 1, pack: 2, builtin: 3 };

export default async function PacksPage({ searchParams }: { searchParams: Promise<Record<string, unknown>> }) {
  const { adapter } = packService().paths;
  const principal = ENTITY_KIND_SPECS[adapter.principal];
  const [packs, specialists, params] = await Promise.all([
    listPacks(),
    orgApi().listEntities(adapter.principal),
    searchParams,
  ]);
  const packsFolder = packs.projectFolder;
  // The project's own and the packs' records first: where a prompt comes from matters most there.
  const ordered = [...specialists.items].sort(
    (a, b) => (TIER_ORDER[a.source ? "pack" : a.scope] ?? 9) - (TIER_ORDER[b.source ? "pack" : b.scope] ?? 9),
  );
  const pages = Math.max(1, Math.ceil(ordered.length / PROMPTS_PER_PAGE));
  const asked = Number(params.prompts);
  const current = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  const from = (current - 1) * PROMPTS_PER_PAGE;
  const prompts = await Promise.all(
    ordered
      .slice(from, from + PROMPTS_PER_PAGE)
      .map(async (row) => ({ row, prompt: await resolveSpecialistPrompt(row.id) })),
  );
  // The pack buttons write through query mutations, which need the page's query client.
  return (
    <PageShell current="/packs">
      <Providers>
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-6 py-8">
          <header className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
            <div>
              <h1 className="text-2xl font-semibold">{pageName("/packs")}</h1>
              <p className="text-sm text-muted">
                <span data-testid="construct-version">{packs.compat}</span> ·{" "}
                <span data-testid="deployment-mode">{packs.mode}</span> mode
              </p>
            </div>
          </header>
          {(packs.errors.length > 0 || packs.warnings.length > 0) && (
            <section
              role="alert"
              data-testid="packs-errors"
              className="mb-6 rounded-lg border border-red-300 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/40"
            >
              {packs.errors.map((e) => (
                <p key={e} className="text-red-800 dark:text-red-300">
                  {e}
                </p>
              ))}
              {packs.warnings.map((w) => (
                <p key={w} className="text-amber-800 dark:text-amber-300">
                  {w}
                </p>
              ))}
            </section>
          )}
          <InstallPack projectPacks={packsFolder} />
          <section className="mb-10">
            <h2 className="mb-2 text-lg font-semibold">Installed</h2>
            {packs.packs.length === 0 && (
              <p className="text-sm text-muted">
                No packs yet. Drop a folder with a <code>pack.manifest.json</code> into <code>{packsFolder}/</code>, or
                install one above.
              </p>
            )}
            <ul className="space-y-3">
              {packs.packs.map((p) => (
                <li
                  key={`${p.tier}:${p.path}`}
                  data-testid={`pack-${p.id}`}
                  className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <div className="font-mono font-semibold">
                        {p.id}
                        <span className="text-muted">@{p.version ?? "?"}</span>
                      </div>
                      <div className="text-xs text-muted">
                        {p.tier} · <code>{p.path}</code> · compat <code>{p.compat.range ?? "?"}</code>{" "}
                        <span
                          data-testid="pack-compat"
                          className={
                            p.compat.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"
                          }
                        >
                          {p.compat.ok ? "satisfied" : `not satisfied by ${p.compat.core}`}
                        </span>
                        {p.shadowedBy && (
                          <span data-testid="pack-shadowed"> · shadowed by the {p.shadowedBy} pack of the same id</span>
                        )}
                      </div>
                      <div className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="pack-contributes">
                        {contributesText(p)}
                      </div>
                    </div>
                    <div className="flex items-center gap-3">
                      <span
                        data-testid="pack-state"
                        className={`rounded px-2 py-0.5 text-xs ${p.enabled ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" : "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"}`}
                      >
                        {p.enabled ? "enabled" : "disabled"}
                      </span>
                      {p.core ? (
                        <span className="text-xs text-muted">always enabled</span>
                      ) : (
                        !p.shadowedBy && <PackToggle id={p.id} enabled={p.enabled} blockedBy={blockedBy(p)} />
                      )}
                    </div>
                  </div>
                  <PackProblems packId={p.id} problems={p.problems} warnings={p.warnings} />
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2 id="provenance-heading" className="mb-2 text-lg font-semibold">
              Prompt provenance
            </h2>
            <PromptPager from={from} shown={prompts.length} total={ordered.length} current={current} pages={pages} />
            {/* On a narrow screen the table scrolls sideways in its own box, its columns kept readable. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region is reached by keyboard to scroll it */}
            <section className="overflow-x-auto" aria-labelledby="provenance-heading" tabIndex={0}>
              {/* Fixed columns: an automatic table widens them as rows stream in, and the page jumps. */}
              <table
                className="w-full min-w-[44rem] table-fixed text-left text-sm [&_td]:pr-3 [&_th]:pr-3"
                data-testid="prompt-provenance-table"
              >
                <colgroup>
                  <col className="w-[18%]" />
                  <col className="w-[10%]" />
                  <col className="w-[10%]" />
                  <col className="w-[30%]" />
                  <col className="w-[32%]" />
                </colgroup>
                <thead className="text-xs uppercase text-muted">
                  <tr>
                    <th className="py-1">{principal.title.toLowerCase()}</th>
                    <th>tier</th>
                    <th>prompt from</th>
                    <th>file</th>
                    <th>state</th>
                  </tr>
                </thead>
                <tbody>
                  {prompts.map(({ row, prompt }) => (
                    <tr
                      key={row.id}
                      data-testid={`provenance-${row.id}`}
                      className="border-t border-slate-200 dark:border-slate-800"
                    >
                      <td className="break-all py-1 font-mono text-xs">{row.id}</td>
                      <td className="text-xs">{row.source ? `pack ${row.source}` : row.scope}</td>
                      <td className="text-xs" data-testid="prompt-source">
                        {prompt.ok ? prompt.source : "—"}
                      </td>
                      <td className="break-all font-mono text-xs">
                        {prompt.ok ? (prompt.path ?? "(generic fallback)") : (prompt.file ?? "")}
                      </td>
                      <td className="text-xs" data-testid="prompt-state">
                        {prompt.ok ? (
                          prompt.degraded ? (
                            <span className="text-warning">degraded</span>
                          ) : (
                            <span className="text-emerald-700 dark:text-emerald-400">ok</span>
                          )
                        ) : (
                          <span className="text-red-700 dark:text-red-400">{prompt.scenario}</span>
                        )}
                        {prompt.ok &&
                          prompt.warnings.map((w) => (
                            <div key={w} className="text-warning">
                              {w}
                            </div>
                          ))}
                        {!prompt.ok && <div className="text-red-700 dark:text-red-400">{prompt.message}</div>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </section>
        </main>
      </Providers>
    </PageShell>
  );
}

function PromptPager(p: { from: number; shown: number; total: number; current: number; pages: number }) {
  return (
    <nav
      aria-label="Pages of prompt provenance"
      className="mb-2 flex items-center gap-3 text-sm"
      data-testid="prompt-pager"
    >
      <span className="text-muted">
        Showing {p.total ? p.from + 1 : 0}–{p.from + p.shown} of {p.total}, the project's and the packs' first.
      </span>
      {p.current > 1 && (
        <a className="underline" href={`/packs?prompts=${p.current - 1}`}>
          Previous
        </a>
      )}
      {p.current < p.pages && (
        <a className="underline" href={`/packs?prompts=${p.current + 1}`}>
          Next
        </a>
      )}
    </nav>
  );
}
