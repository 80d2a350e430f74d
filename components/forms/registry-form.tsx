"use client";

import { ENTITY_KIND_SPECS, type EntityKind } from "@/schemas/kinds";
import type { EntityFormProps } from "./use-entity-form";

/** Where each registry kind lives in the installed package, as the reason it is read-only says. */
const FILES: Partial<Record<EntityKind, string>> = {
  procedure: "registry/procedures/",
  capability: "registry/capabilities.json",
  "workspace-preset": "registry/workspace-presets/",
  "registry-policy": "registry/policies/",
};

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

function Value({ value }: { value: unknown }) {
  if (Array.isArray(value) && value.every((v) => typeof v === "string"))
    return value.length ? (
      <span className="flex flex-wrap gap-1">
        {value.map((v) => (
          <code key={v} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
            {v}
          </code>
        ))}
      </span>
    ) : (
      <span className="text-muted">none</span>
    );
  if (isRecord(value)) return <Fields record={value} nested />;
  if (typeof value === "string") return <span className="whitespace-pre-wrap">{value}</span>;
  return <code className="whitespace-pre-wrap break-all text-xs">{JSON.stringify(value, null, 1)}</code>;
}

function Fields({ record, nested = false }: { record: Record<string, unknown>; nested?: boolean }) {
  return (
    <dl className={nested ? "border-l-2 border-slate-200 pl-3 dark:border-slate-700" : ""}>
      {Object.entries(record).map(([key, value]) => (
        <div key={key} className="mb-2">
          <dt className="text-xs font-medium text-muted">{nested ? key : words(key)}</dt>
          <dd className="text-sm">
            <Value value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A record of the installed package's registry: shown field by field, never edited, with the reason. */
export function RegistryForm(props: EntityFormProps & { kind: EntityKind }) {
  const spec = ENTITY_KIND_SPECS[props.kind];
  return (
    <section data-testid="registry-form" aria-label={`${spec.title} ${String(props.defaultValues.id ?? "")}`}>
      <p
        data-testid="read-only-reason"
        className="mb-3 rounded border border-slate-200 bg-slate-50 px-2 py-1.5 text-xs text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
      >
        Read-only: Construct 2.x reads {spec.titles.toLowerCase()} only from its installed package (
        <code>{FILES[props.kind] ?? "registry/"}</code>). A project or user tier cannot hold one, so the studio shows it
        and never writes it.
      </p>
      <Fields record={props.defaultValues} />
    </section>
  );
}
