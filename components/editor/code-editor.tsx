"use client";

import { clientOnly } from "@/components/ui/client-only";
import type { FieldError } from "@/schemas/field-error";
import { useTheme } from "./use-theme";

export type CodeEditorProps = {
  language: "json" | "markdown";
  value: string;
  onChange?: (value: string) => void;
  /** JSON Schema for completion and hover (from `schemas/` via z.toJSONSchema). */
  schema?: object;
  /** A stable model URI such as `file:///specialists/cx-a.json`; the schema is bound to it. */
  modelPath?: string;
  problems?: FieldError[];
  height?: string;
  readOnly?: boolean;
  dark?: boolean;
};

// Monaco touches `window` on import and weighs about a megabyte: load it only when an editor opens.
const MonacoClient = clientOnly(
  () => import("./monaco-client").then((m) => m.default),
  () => <p className="p-3 text-sm text-muted">Loading editor…</p>,
);

export function CodeEditor(props: Omit<CodeEditorProps, "dark">) {
  const [theme] = useTheme();
  return (
    <div
      data-testid={`code-editor-${props.language}`}
      // "nokey": React Flow's document key handlers (Space pans, Delete removes) skip it; Monaco types through an
      // EditContext, which React Flow does not see as an input.
      className="nokey overflow-hidden rounded border border-slate-300 dark:border-slate-700"
    >
      <MonacoClient {...props} dark={theme === "dark"} />
    </div>
  );
}
