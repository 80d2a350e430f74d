"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError } from "@/lib/api/error";
import { toggleCapability } from "@/lib/queries/embed-toggle";

/** Enables or disables a Construct 2.x capability, then draws the page again from the server. */
export function CapabilityV2Toggle({ id, enabled, blocked }: { id: string; enabled: boolean; blocked: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await toggleCapability(id, !enabled);
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        data-testid={`toggle-${id}`}
        disabled={busy || blocked}
        onClick={() => void toggle()}
        className={`rounded px-3 py-1 text-sm font-medium disabled:opacity-40 ${enabled ? "bg-slate-200 text-slate-800 hover:bg-slate-300 dark:bg-slate-700 dark:text-slate-100" : "bg-sky-700 text-white hover:bg-sky-800"}`}
      >
        {enabled ? "Disable" : "Enable"}
      </button>
      {error && (
        <p role="alert" className="basis-full text-right text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}
