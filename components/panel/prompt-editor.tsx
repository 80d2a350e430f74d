"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CodeEditor } from "@/components/editor/code-editor";
import { ApiError } from "@/lib/api/error";
import { promptTemplate } from "@/lib/editor/prompt-template";
import { promptQuery, useSavePrompt } from "@/lib/queries/prompts";
import type { EntityRecord } from "@/schemas/kinds";
import type { PromptSave } from "./panel-chrome";

/**
 * A specialist's prompt as Markdown; saving writes the project override and says so. Its Save is the
 * panel's one Save, in the footer: `onSaveState` hands it over. A specialist without a prompt file is
 * offered a template built from `record`, written only by that Save.
 */
export function PromptEditor({
  specialistId,
  record,
  onSaved,
  onError,
  onSaveState,
}: {
  specialistId: string;
  record: EntityRecord;
  onSaved: (path: string) => void;
  onError: (message: string) => void;
  onSaveState: (save: PromptSave | null) => void;
}) {
  const prompt = useQuery(promptQuery(specialistId));
  const saveMutation = useSavePrompt(specialistId);
  // The user's text once they type; until then (and after a save) the loaded prompt's.
  const [edited, setEdited] = useState<string | null>(null);
  // Text put into the editor from outside the keyboard (the template); the loaded prompt's until then.
  const [seed, setSeed] = useState<string | null>(null);
  const run = useRef<() => void>(() => {});
  const label = prompt.data?.source === "project" ? "Save override" : "Save as project override";
  const dirty = edited !== null && !saveMutation.isPending;
  useEffect(() => {
    onSaveState(prompt.data ? { label, dirty, run: () => run.current() } : null);
  }, [onSaveState, prompt.data, label, dirty]);
  useEffect(() => () => onSaveState(null), [onSaveState]);

  if (prompt.isLoading) return <p className="text-sm text-muted">Loading prompt…</p>;
  if (prompt.error) return <p className="text-sm text-red-600 dark:text-red-400">{(prompt.error as Error).message}</p>;
  const data = prompt.data;
  if (!data) return null;
  const text = edited ?? data.content;
  run.current = () => void save();
  const save = async () => {
    try {
      const saved = await saveMutation.mutateAsync({ content: text, etag: data.etag });
      setEdited(null);
      setSeed(null);
      onSaved(saved.path ?? saved.source);
    } catch (error) {
      // A 409 keeps the text in the editor: the user's edit is never dropped for the newer file.
      onError(
        error instanceof ApiError && error.status === 409
          ? `${error.message}. Your text is still here; copy it, then reopen the prompt to see the newer one.`
          : error instanceof ApiError
            ? error.message
            : String(error),
      );
    }
  };
  // No prompt file: Construct runs a generic stand-in, which is a starting point to offer rather than a fault.
  const promptless = data.source === "fallback";
  return (
    <div data-testid="prompt-editor">
      <div className="mb-2 flex items-center justify-between text-xs">
        <span data-testid="prompt-provenance">
          {promptless ? (
            "no prompt file yet"
          ) : (
            <>
              from{" "}
              <strong>
                {data.source === "builtin" || data.source === "project" ? data.source : `pack ${data.source}`}
              </strong>{" "}
              · <code>{data.path}</code>
            </>
          )}
          {data.degraded && !promptless && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 text-amber-800" data-testid="prompt-degraded">
              degraded
            </span>
          )}
        </span>
      </div>
      {promptless && seed === null && (
        <div
          data-testid="prompt-template-offer"
          className="mb-2 rounded border border-sky-200 bg-sky-50 px-2 py-1.5 text-xs text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
        >
          <p>
            <code>{specialistId}</code> has no prompt of its own; until it has one, Construct gives it the generic
            prompt shown below. Start from a template built from its name, description and role; nothing is written
            until you save.
          </p>
          <button
            type="button"
            data-testid="use-prompt-template"
            className="mt-1 rounded border border-sky-300 px-2 py-0.5 hover:bg-sky-100 dark:border-sky-800 dark:hover:bg-sky-900"
            onClick={() => {
              const template = promptTemplate(specialistId, record);
              setSeed(template);
              setEdited(template);
            }}
          >
            Use template
          </button>
        </div>
      )}
      {data.warnings
        .filter(() => !promptless)
        .map((w) => (
          <p key={w} className="mb-1 text-xs text-warning">
            {w}
          </p>
        ))}
      <CodeEditor
        language="markdown"
        // The loaded text, not each keystroke fed back: see the JSON tab in form-notes.tsx.
        value={seed ?? data.content}
        onChange={setEdited}
        modelPath={`file:///prompts/${specialistId}.md`}
        height="60vh"
      />
    </div>
  );
}
