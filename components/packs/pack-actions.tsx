"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError } from "@/lib/api/error";
import { usePackActions } from "@/lib/queries/packs";
import type { FieldError } from "@/schemas/field-error";
import type { PackPreview } from "@/schemas/pack-preview";
import { clientOnly } from "../ui/client-only";

// A preview shows after a press: its plan's code loads with it, not with the page.
const PackPreviewPanel = clientOnly(async () => (await import("./pack-preview")).PackPreviewPanel);

type Refusal = { message: string; errors: FieldError[] };
const refusalOf = (e: unknown): Refusal =>
  e instanceof ApiError ? { message: e.message, errors: e.errors } : { message: String(e), errors: [] };

/**
 * Enabling shows the preview first; the pack is enabled only on Confirm. A pack that cannot load
 * cannot be enabled, and the button says why, pointing at the problems.
 */
export function PackToggle({
  id,
  enabled,
  blockedBy,
}: {
  id: string;
  enabled: boolean;
  blockedBy: { message: string; describedBy: string } | null;
}) {
  const router = useRouter();
  const packs = usePackActions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<PackPreview | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const blocked = blockedBy !== null;
  const reasonId = `${blockedBy?.describedBy ?? id}-reason`;
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      if (enabled) {
        await packs.disable(id);
        router.refresh();
      } else {
        setRefused(null);
        setPreview(await packs.previewEnable(id));
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (force: boolean) => {
    setBusy(true);
    setRefused(null);
    try {
      await packs.enable({ id, force });
      setPreview(null);
      router.refresh();
    } catch (e) {
      setRefused(refusalOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {preview && (
        <div className="fixed inset-x-0 top-16 z-40 mx-auto max-h-[80vh] max-w-3xl overflow-auto shadow-2xl">
          <PackPreviewPanel
            preview={preview}
            busy={busy}
            error={refused}
            onConfirm={(force) => void confirm(force)}
            onCancel={() => {
              setPreview(null);
              setRefused(null);
            }}
          />
        </div>
      )}
      <button
        type="button"
        data-testid={`toggle-${id}`}
        disabled={busy || !!preview || (blocked && !enabled)}
        aria-describedby={blocked && !enabled ? `${reasonId} ${blockedBy.describedBy}` : undefined}
        onClick={() => void toggle()}
        className={`rounded px-3 py-1 text-sm font-medium disabled:opacity-40 ${enabled ? "bg-slate-200 text-slate-800 hover:bg-slate-300 dark:bg-slate-700 dark:text-slate-100" : "bg-sky-700 text-white hover:bg-sky-800"}`}
      >
        {enabled ? "Disable" : "Enable"}
      </button>
      {blocked && !enabled && (
        <p
          id={reasonId}
          data-testid={`toggle-reason-${id}`}
          className="mt-1 max-w-56 text-xs text-red-700 dark:text-red-400"
        >
          {blockedBy.message}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** Confirm sends the preview's content hash back, so a folder changed in between is refused, not installed unseen. */
/** `projectPacks` names the project tier's folder as the page's project has it. */
export function InstallPack({ projectPacks = ".cx/packs" }: { projectPacks?: string }) {
  const router = useRouter();
  const packs = usePackActions();
  const [tier, setTier] = useState<"project" | "user">("project");
  const [folder, setFolder] = useState("");
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ body: Record<string, unknown>; preview: PackPreview } | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const install = async (body: Record<string, unknown>) => {
    setBusy(true);
    setMessage(null);
    setRefused(null);
    try {
      const preview = await packs.previewInstall({ tier, ...body });
      setPending({ body: { tier, ...body }, preview });
    } catch (e) {
      setMessage({ tone: "error", text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (force: boolean) => {
    if (!pending) return;
    setBusy(true);
    setRefused(null);
    try {
      const data = await packs.install({ ...pending.body, hash: pending.preview.hash, ...(force ? { force } : {}) });
      setPending(null);
      setMessage({
        tone: "ok",
        text: `Installed ${data.id}@${data.version} into ${data.path}.${data.warnings.length ? ` ${data.warnings.join(" ")}` : ""}`,
      });
      router.refresh();
    } catch (e) {
      setRefused(refusalOf(e));
    } finally {
      setBusy(false);
    }
  };
  const upload = async (file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    await install({ zipBase64: btoa(binary) });
  };
  return (
    <section
      className="mb-8 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="install-pack"
    >
      <h2 className="mb-2 font-semibold">Install a pack</h2>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col gap-1">
          <span className="text-xs text-muted">Tier</span>
          <select
            value={tier}
            onChange={(e) => setTier(e.target.value as "project" | "user")}
            className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-950"
            data-testid="install-tier"
          >
            <option value="project">project ({projectPacks})</option>
            <option value="user">user (~/.config/construct/packs)</option>
          </select>
        </label>
        <label className="flex min-w-0 max-w-full flex-col gap-1">
          <span className="text-xs text-muted">Folder on this machine</span>
          <input
            value={folder}
            onChange={(e) => setFolder(e.target.value)}
            placeholder="/path/to/my-pack"
            className="w-80 max-w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono dark:border-slate-600 dark:bg-slate-950"
            data-testid="install-folder"
          />
        </label>
        <button
          type="button"
          disabled={busy || !!pending || !folder.trim()}
          onClick={() => void install({ path: folder.trim() })}
          className="rounded bg-sky-700 px-3 py-1.5 text-white disabled:opacity-40"
        >
          Preview install
        </button>
        <label className="cursor-pointer rounded border border-slate-300 px-3 py-1.5 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800">
          Upload .zip…
          <input
            type="file"
            accept=".zip,application/zip"
            className="hidden"
            data-testid="install-zip"
            disabled={busy || !!pending}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void upload(f);
              e.target.value = "";
            }}
          />
        </label>
      </div>
      {pending && (
        <div className="mt-3">
          <PackPreviewPanel
            preview={pending.preview}
            busy={busy}
            error={refused}
            onConfirm={(force) => void confirm(force)}
            onCancel={() => {
              setPending(null);
              setRefused(null);
            }}
          />
        </div>
      )}
      {message && (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          data-testid="install-message"
          className={`mt-2 text-sm ${message.tone === "error" ? "text-red-600 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400"}`}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
