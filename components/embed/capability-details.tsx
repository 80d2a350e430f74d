"use client";

import type { CapabilityView } from "@/schemas/embed";
import { When } from "./time";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-0.5">
      <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** What a capability runs on and when: its runner (specialist or worker profile), providers, framework, output, cadence, runtime. */
export function CapabilityDetails({ capability: c, runner }: { capability: CapabilityView; runner: string }) {
  const rt = c.runtime;
  return (
    <div className="mt-3 grid gap-x-8 md:grid-cols-2">
      <dl>
        <Row label={runner}>
          <code data-testid="specialist">{c.specialist}</code>
        </Row>
        <Row label="Providers">
          <span data-testid="bindings">
            {c.providerBindings.map((b) => (
              <span
                key={b.id}
                title={b.available ? b.label : `${b.label}: ${b.code}`}
                className={`mr-1 inline-block rounded px-1.5 py-0.5 font-mono text-xs ${b.available ? "bg-slate-100 dark:bg-slate-800" : "bg-amber-50 text-amber-800 line-through decoration-amber-500 dark:bg-amber-950 dark:text-amber-300"}`}
              >
                {b.id}
              </span>
            ))}
          </span>
        </Row>
        <Row label="Framework">
          <code className="text-xs">{c.manifest.embed?.framework}</code>
        </Row>
        <Row label="Output">
          <code className="text-xs">{c.manifest.embed?.outputContract}</code> · {c.manifest.embed?.proposalAuthority}
        </Row>
      </dl>
      <dl>
        <Row label="Cadence">
          <span data-testid="cadence">
            {c.cadence ? (
              <>
                <code>{c.cadence.every}</code> <span className="text-muted">(every {c.cadence.description})</span>
              </>
            ) : (
              <span className="text-muted">event-driven only: runs when you run it</span>
            )}
          </span>
        </Row>
        <Row label="Next tick">
          <span data-testid="next-tick">
            {c.nextTickAt ? (
              <When at={c.nextTickAt} />
            ) : (
              <span className="text-muted">
                {!c.enabled ? "— (disabled)" : c.errors.length ? "— (invalid)" : "— (no cadence)"}
              </span>
            )}
          </span>
        </Row>
        <Row label="Runtime">
          <span data-testid="runtime">
            <code>{rt.declared}</code> →{" "}
            <code className={rt.resolved === "none" ? "text-warning" : "text-emerald-700 dark:text-emerald-400"}>
              {rt.resolved}
            </code>
          </span>
          {rt.resolved !== "none" && (
            <div className="text-xs text-muted" data-testid="runtime-detail">
              {rt.message}
            </div>
          )}
        </Row>
      </dl>
    </div>
  );
}
