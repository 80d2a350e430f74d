"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CodeEditor } from "@/components/editor/code-editor";
import { ApiError } from "@/lib/api/error";
import { promptQuery, useSavePrompt } from "@/lib/queries/prompts";

/** A specialist's prompt as Markdown; saving writes the project override and says so. */
export function PromptEditor({
  specialistId,
  onSaved,
  onError,
}: {
  specialistId: string;
  onSaved: (path: string) => void;
  onError: (message: string) => void;
}) {
  const prompt = useQuery(promptQuery(specialistId));
  const saveMutation = useSavePrompt(specialistId);
  // The user's text once they type; until then (and after a save) the loaded prompt's.
  const [edited, setEdited] = useState<string | null>(null);

  if (prompt.isLoading) return <p className="text-sm text-muted">Loading prompt…</p>;
  if (prompt.error) return <p className="text-sm text-red-600">{(prompt.error as Error).message}</p>;
  const data = prompt.data;
  if (!data) return null;
  const text = edited ?? data.content;
  const save = async () => {
    try {
      const saved = await saveMutation.mutateAsync({ content: text, etag: data.etag });
      setEdited(null);
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
  return (
    <div data-testid="prompt-editor">
      <div className="mb-2 flex items-center justify-between text-xs">
        <span data-testid="prompt-provenance">
          from{" "}
          <strong>
            {data.source === "builtin" || data.source === "project" || data.source === "fallback"
              ? data.source
              : `pack ${data.source}`}
          </strong>{" "}
          · <code>{data.path ?? "generic fallback"}</code>
          {data.degraded && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 text-amber-800" data-testid="prompt-degraded">
              degraded
            </span>
          )}
        </span>
        <button type="button" onClick={save} className="rounded bg-sky-700 px-2.5 py-1 text-white hover:bg-sky-800">
          {data.source === "project" ? "Save override" : "Save as project override"}
        </button>
      </div>
      {data.warnings.map((w) => (
        <p key={w} className="mb-1 text-xs text-warning">
          {w}
        </p>
      ))}
      <CodeEditor
        language="markdown"
        // The loaded text, not each keystroke fed back: see the JSON tab in entity-panel.tsx.
        value={data.content}
        onChange={setEdited}
        modelPath={`file:///prompts/${specialistId}.md`}
        height="60vh"
      />
    </div>
  );
}
