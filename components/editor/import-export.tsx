"use client";

import { useRef, useState } from "react";
import { BUTTON_TONES, Modal } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api/error";
import { exportHref, useImportOrg } from "@/lib/queries/transfer";
import { problemKeys } from "@/lib/react-keys";
import type { ImportResult } from "@/schemas/api/org";
import type { FieldError } from "@/schemas/field-error";

/** What an export carries, said wherever one is made or applied: the tier's org records and nothing else. */
const NOT_MOVED =
  "Export and import move the tier's org records only (groups, teams, specialists, contracts, policies). " +
  "Not moved: prompt overrides (prompts/), embed overlays (embed/), the enabled packs (packs.json) and the " +
  "studio layout; copy those files yourself. An import is not in the undo history.";

/** Export a writable tier as one JSON file; import one back after seeing what it would write. */
export function ImportExport({
  onDone,
  onError,
}: {
  onDone: (message: string) => void;
  onError: (title: string, detail: string) => void;
}) {
  const file = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [preview, setPreview] = useState<{ payload: unknown; result: ImportResult } | null>(null);
  const [problems, setProblems] = useState<FieldError[]>([]);
  const [tier, setTier] = useState<"project" | "user">("project");
  const importOrg = useImportOrg();

  const choose = async (f: File) => {
    setProblems([]);
    let payload: unknown;
    try {
      payload = JSON.parse(await f.text());
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
  };

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
    <>
      <select
        aria-label="Tier to export or import"
        value={tier}
        onChange={(e) => setTier(e.target.value as "project" | "user")}
        data-testid="transfer-tier"
        className="rounded border border-slate-300 bg-transparent px-1 py-0.5 text-xs dark:border-slate-600"
      >
        <option value="project">project</option>
        <option value="user">user</option>
      </select>
      <a
        href={exportHref(tier)}
        download={`org-${tier}.json`}
        className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        data-testid="export-link"
        title={NOT_MOVED}
      >
        Export
      </a>
      <button
        ref={importButton}
        type="button"
        className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        onClick={() => file.current?.click()}
        data-testid="import-button"
      >
        Import…
      </button>
      <input
        ref={file}
        type="file"
        accept="application/json,.json"
        className="hidden"
        data-testid="import-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void choose(f);
          e.target.value = "";
        }}
      />
      <Modal
        open={!!preview || problems.length > 0}
        onOpenChange={(open) => {
          if (open) return;
          setPreview(null);
          setProblems([]);
        }}
        title={preview ? `Import into the ${tier} tier` : "The import has problems"}
        initialFocus={cancel}
        returnFocus={importButton}
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
                        ? "text-amber-700 dark:text-amber-400"
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
    </>
  );
}
