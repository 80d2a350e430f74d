"use client";

import { useState } from "react";
import { useRoutePreview } from "@/lib/queries/preview";
import { useSaveTestCase } from "@/lib/queries/save-test";
import type { RouteCandidate } from "@/schemas/api/preview";
import type { Result } from "@/schemas/result";

export type RoutePreviewProps = {
  onPick: (specialistId: string) => void;
  onClose: () => void;
  /** After "Save as test": the file the case went to, or why it did not. */
  onSaved?: (result: Result<{ path: string; name: string }>) => void;
};

/** Type a task; see which specialists would be routed to, and why. */
export function RoutePreview({ onPick, onClose, onSaved }: RoutePreviewProps) {
  const [text, setText] = useState("");
  const [ranked, setRanked] = useState("");
  const [candidates, setCandidates] = useState<RouteCandidate[] | null>(null);
  const [busy, setBusy] = useState(false);
  const rank = useRoutePreview();
  const saveTest = useSaveTestCase();
  const run = async () => {
    setBusy(true);
    try {
      setCandidates(await rank.mutateAsync(text));
      setRanked(text.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      data-testid="route-preview"
      className="absolute right-3 top-3 z-10 w-96 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-sm font-semibold">Routing preview</h2>
        <button type="button" aria-label="Close routing preview" onClick={onClose} className="text-muted">
          ✕
        </button>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <textarea
          data-testid="route-input"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Describe a task, e.g. “review this pull request for security issues”"
          className="mb-2 w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-950"
        />
        <button
          type="submit"
          disabled={busy || !text.trim()}
          className="rounded bg-sky-700 px-3 py-1 text-sm text-white disabled:opacity-40"
        >
          Rank specialists
        </button>
      </form>
      {candidates && candidates.length > 0 && (
        <button
          type="button"
          data-testid="save-route-test"
          className="mt-2 rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          onClick={async () => {
            const name = `${ranked.slice(0, 60)} → ${candidates[0].id}`;
            try {
              const saved = await saveTest.mutateAsync({ name, task: ranked, expect: { top: candidates[0].id } });
              onSaved?.({ ok: true, path: saved.path, name });
            } catch (error) {
              onSaved?.({ ok: false, message: error instanceof Error ? error.message : String(error) });
            }
          }}
        >
          Save as test (top: {candidates[0].id})
        </button>
      )}
      {candidates && (
        <ol className="mt-3 space-y-1.5" data-testid="route-candidates">
          {candidates.length === 0 && <li className="text-sm text-muted">No specialist matches those words.</li>}
          {candidates.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onPick(c.id)}
                className="w-full rounded px-2 py-1 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                <div className="flex justify-between text-sm">
                  <span className="font-mono">{c.id}</span>
                  <span className="text-muted">{c.score.toFixed(2)}</span>
                </div>
                <div className="text-xs text-muted">{c.matchReason}</div>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
