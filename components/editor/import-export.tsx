"use client";

import { useRef, useState } from "react";
import { clientOnly } from "@/components/ui/client-only";
import { exportHref } from "@/lib/queries/transfer";
import { NOT_MOVED } from "./transfer-note";

// The preview, its dialog and the import's mutation load when a file is about to be chosen.
const loadFlow = () => import("./import-flow").then((m) => m.ImportFlow);
const ImportFlow = clientOnly(loadFlow);

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
  const [tier, setTier] = useState<"project" | "user">("project");
  const [chosen, setChosen] = useState<{ file: File; nonce: number } | null>(null);

  return (
    <>
      <select
        aria-label="Tier to export or import"
        value={tier}
        onChange={(e) => setTier(e.target.value as "project" | "user")}
        data-testid="transfer-tier"
        className="rounded border border-slate-300 bg-transparent px-1 py-1 text-xs dark:border-slate-600"
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
        onPointerEnter={() => void loadFlow()}
        onFocus={() => void loadFlow()}
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
          if (f) setChosen({ file: f, nonce: Date.now() });
          e.target.value = "";
        }}
      />
      {chosen && (
        <ImportFlow chosen={chosen} tier={tier} returnFocus={importButton} onDone={onDone} onError={onError} />
      )}
    </>
  );
}
