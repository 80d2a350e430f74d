"use client";

import { CodeEditor } from "@/components/editor/code-editor";
import { jsonTextLocation, readJsonText } from "@/lib/editor/json-text";
import type { FieldError } from "@/schemas/field-error";
import { jsonSchemaFor } from "@/schemas/json-schema";
import { type EntityKind, SECTION_OF } from "@/schemas/kinds";
import type { DraftAction } from "./use-draft";

const NOTE = "mb-3 rounded border px-2 py-1.5 text-xs";
const AMBER =
  "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200";

/** Fields the form does not know, kept as they are on save. */
export function UnknownFieldsNote({ unknown }: { unknown: FieldError[] }) {
  if (!unknown.length) return null;
  return (
    <p data-testid="unknown-fields-note" className={`${NOTE} ${AMBER}`}>
      Fields this form does not know, kept as they are on save (edit them in JSON):{" "}
      {unknown.map((p) => (
        <code key={p.location} className="mr-1" title={p.message}>
          {p.field}
        </code>
      ))}
    </p>
  );
}

/**
 * While the JSON tab's text does not parse, the form shows the last version that did, read-only: an edit
 * here would be lost when the text is fixed, or would overwrite it.
 */
export function BrokenJsonNote(props: { problem: FieldError | null; onOpenJson: () => void; onDiscard: () => void }) {
  if (!props.problem) return null;
  return (
    <div role="status" data-testid="json-broken-note" className={`${NOTE} ${AMBER}`}>
      <p>
        The JSON tab has a syntax error ({props.problem.message.replace(/^JSON syntax error at /, "")}). This shows the
        last version that parsed, read-only, until the JSON is fixed; Save refuses until then.
      </p>
      <p className="mt-1 flex gap-3">
        <button type="button" className="underline" onClick={props.onOpenJson}>
          Fix it in JSON
        </button>
        <button type="button" data-testid="discard-broken-json" className="underline" onClick={props.onDiscard}>
          Discard the broken text
        </button>
      </p>
    </div>
  );
}

/** The record as JSON; each change is read at once, so a syntax error is a problem the moment it is typed. */
export function JsonTab(props: {
  kind: EntityKind;
  id: string | null;
  text: string;
  problems: FieldError[];
  dispatch: (action: DraftAction) => void;
  onRecord: (record: Record<string, unknown>) => void;
}) {
  const { kind, id } = props;
  const location = jsonTextLocation(kind, id);
  return (
    <CodeEditor
      language="json"
      value={props.text}
      problems={props.problems}
      schema={jsonSchemaFor(kind)}
      modelPath={`file:///${SECTION_OF[kind]}/${id ?? "new"}.json`}
      // Monaco owns the text while typing: feeding keystrokes back let a lagging render restore older text.
      onChange={(text) => {
        const read = readJsonText(text, location);
        props.dispatch({ type: "text", text, read });
        if (read.ok) props.onRecord(read.record);
      }}
    />
  );
}
