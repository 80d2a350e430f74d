"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { CodeEditor } from "@/components/editor/code-editor";
import { ApiError, apiFetch } from "@/lib/api-client";

type Prompt = {
  source: string;
  path: string | null;
  degraded: boolean;
  warnings: string[];
  content: string;
  mode: string;
  etag: string;
};

/** A specialist's prompt as Markdown; saving writes the project override and says so. */
export function PromptEditor({
  specialistId,
  dark,
  onSaved,
  onError,
}: {
  specialistId: string;
  dark: boolean;
  onSaved: (path: string) => void;
  onError: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const key = ["prompt", specialistId];
  const prompt = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await apiFetch<Prompt>(`/api/prompts/${encodeURIComponent(specialistId)}`, { signal })).data,
    retry: false,
  });
  const [text, setText] = useState("");
  useEffect(() => {
    if (prompt.data) setText(prompt.data.content);
  }, [prompt.data]);

  if (prompt.isLoading) return <p className="text-sm text-muted">Loading prompt…</p>;
  if (prompt.error) return <p className="text-sm text-red-600">{(prompt.error as Error).message}</p>;
  const data = prompt.data;
  if (!data) return null;
  const save = async () => {
    try {
      const saved = (
        await apiFetch<Prompt>(`/api/prompts/${encodeURIComponent(specialistId)}`, {
          method: "PUT",
          body: { content: text },
          ifMatch: data.etag,
        })
      ).data;
      await queryClient.invalidateQueries({ queryKey: key });
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
        <p key={w} className="mb-1 text-xs text-amber-600">
          {w}
        </p>
      ))}
      <CodeEditor
        language="markdown"
        // The loaded text, not each keystroke fed back: see the JSON tab in entity-panel.tsx.
        value={data.content}
        onChange={setText}
        modelPath={`file:///prompts/${specialistId}.md`}
        height="60vh"
        dark={dark}
      />
    </div>
  );
}
