import { pageName } from "@/lib/shell/pages";
import type { CapabilityV2, EmbedV2List } from "@/schemas/embed-v2";
import { CapabilityV2Toggle } from "./capability-v2-toggle";

/**
 * A Construct 2.x project's embed capabilities: what `construct embed list` shows, toggled as it
 * toggles them. Drawn on the server: only the toggle runs in the browser.
 */
export function EmbedV2Dashboard({ list, construct }: { list: EmbedV2List; construct: string }) {
  const enabled = list.capabilities.filter((c) => c.enabled).length;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-6 py-8">
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{pageName("/embed")}</h1>
          <p className="text-sm text-muted">
            Embed capabilities of {construct}: procedures with an <code>embed</code> block, enabled in{" "}
            <code>.construct/procedures/&lt;id&gt;.manifest.json</code>
          </p>
        </div>
        <p className="text-sm text-muted" data-testid="embed-summary">
          {list.capabilities.length} capabilities · {enabled} enabled
        </p>
      </header>
      {list.problems.length > 0 && (
        <section
          role="alert"
          data-testid="embed-problems"
          className="mb-6 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
        >
          {list.problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      )}
      <ul className="grid gap-3 md:grid-cols-2">
        {list.capabilities.map((c) => (
          <CapabilityV2Card key={c.id} capability={c} />
        ))}
      </ul>
    </main>
  );
}

function CapabilityV2Card({ capability: c }: { capability: CapabilityV2 }) {
  return (
    <li
      data-testid={`capability-${c.id}`}
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <div className="font-mono font-semibold">{c.id}</div>
          <p className="text-xs text-muted">{c.description}</p>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <span
            data-testid="capability-state"
            className={`rounded px-2 py-0.5 text-xs ${c.enabled ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" : "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"}`}
          >
            {c.enabled ? "enabled" : "available"}
          </span>
          <CapabilityV2Toggle id={c.id} enabled={c.enabled} blocked={c.errors.length > 0 && !c.enabled} />
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-xs [&>dt]:whitespace-nowrap">
        <dt className="text-muted">worker profile</dt>
        <dd className="font-mono" data-testid="capability-worker-profile">
          {c.workerProfileId}
        </dd>
        <dt className="text-muted">providers</dt>
        <dd className="font-mono">{c.providerBindings.join(", ")}</dd>
        <dt className="text-muted">cadence · runtime</dt>
        <dd className="font-mono">
          {c.cadence ?? "event-driven"} · {c.runtime}
        </dd>
        <dt className="text-muted">from</dt>
        <dd className="break-all font-mono">
          {c.path}
          {c.override && c.override !== c.path ? ` + ${c.override}` : ""}
        </dd>
      </dl>
      {c.errors.map((e) => (
        <p key={e} data-testid="capability-error" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {e}
        </p>
      ))}
    </li>
  );
}
