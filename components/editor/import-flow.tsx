"use client";

import { type RefObject, useEffect, useRef, useState } from "react";
import { BUTTON_TONES, Modal } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api/error";
import { useImportOrg } from "@/lib/queries/transfer";
import { problemKeys } from "@/lib/react-keys";
import type { ImportResult } from "@/schemas/api/org";
import type { FieldError } from "@/schemas/field-error";
import { NOT_MOVED } from "./transfer-note";

export type ImportFlowProps = {
  /** The file the user chose; a new choice (even of the same file) has a new nonce. */
  chosen: { file: File; nonce: number };
  tier: "project" | "user";
  /** Where focus goes when the preview closes: the Import… button. */
  returnFocus: RefObject<HTMLButtonElement | null>;
  onDone: (message: string) => void;
  onError: (title: string, detail: string) => void;
};

/** A chosen file's import: read it, ask the server what it would write (a dry run), show that, write on "Write". */
export function ImportFlow({ chosen, tier, returnFocus, onDone, onError }: ImportFlowProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [preview, setPreview] = useState<{ payload: unknown; result: ImportResult } | null>(null);
  const [problems, setProblems] = useState<FieldError[]>([]);
  const importOrg = useImportOrg();
  const handled = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one dry run per choice (its nonce), whatever else changed since.
  useEffect(() => {
    if (handled.current === chosen.nonce) return;
    handled.current = chosen.nonce;
    void (async () => {
      setPreview(null);
      setProblems([]);
      let payload: unknown;
      try {
        payload = JSON.parse(await chosen.file.text());
      } catch (error) {
        onError("Not a JSON file", (error as Error).message);
        return;
      }
      try {
        const result = await importOrg.mutateAsync({ payload, scope: tier, dryRun: true });
        setPreview({ payload, result });
      } catch (error) {
        if (error instanceof ApiError && error.errors.length) setProblems(error.errors);
        onError(
          "The import would not validate; nothing was written",
          error instanceof Error ? error.message : String(error),
        );
      }
    })();
  }, [chosen.nonce]);

  const apply = async () => {
    if (!preview) return;
    try {
      const result = await importOrg.mutateAsync({ payload: preview.payload, scope: tier, dryRun: false });
      onDone(`Imported: ${result.written.length} file(s) written`);
      setPreview(null);
    } catch (error) {
      onError("Import failed; nothing was written", error instanceof Error ? error.message : String(error));
    }
  };

  const problemKeyList = problemKeys(problems);
  return (
    <Modal
      open={!!preview || problems.length > 0}
      onOpenChange={(open) => {
        if (open) return;
        setPreview(null);
        setProblems([]);
      }}
      title={preview ? `Import into the ${tier} tier` : "The import has problems"}
      initialFocus={cancel}
      returnFocus={returnFocus}
      className="w-[36rem]"
      data-testid="import-preview"
    >
      {preview && (
        <ul className="mb-4 space-y-0.5 font-mono text-xs">
          {preview.result.files.map((f) => (
            <li key={f.path}>
              <span
                className={
                  f.action === "create"
                    ? "text-emerald-700 dark:text-emerald-400"
                    : f.action === "update"
                      ? "text-warning"
                      : "text-muted"
                }
              >
                {f.action.padEnd(9)}
              </span>{" "}
              {f.path}
            </li>
          ))}
        </ul>
      )}
      <p className="mb-2 text-xs text-muted" data-testid="import-scope-note">
        {NOT_MOVED}
      </p>
      {problems.map((p, i) => (
        <p key={problemKeyList[i]} className="text-xs text-red-700 dark:text-red-400">
          {p.location}: {p.message}
        </p>
      ))}
      <div className="mt-3 flex justify-end gap-2">
        <button
          ref={cancel}
          type="button"
          className={`rounded px-3 py-1.5 text-sm ${BUTTON_TONES.plain}`}
          onClick={() => {
            setPreview(null);
            setProblems([]);
          }}
        >
          Cancel
        </button>
        {preview && (
          <button
            type="button"
            data-testid="import-apply"
            className={`rounded px-3 py-1.5 text-sm ${BUTTON_TONES.primary}`}
            onClick={() => void apply()}
          >
            Write {preview.result.files.filter((f) => f.action !== "unchanged").length} file(s)
          </button>
        )}
      </div>
    </Modal>
  );
}
