"use client";

import dynamic from "next/dynamic";
import { useCallback, useSyncExternalStore } from "react";

// sonner (about 10 kB gz) loads with the first toast, not with the page: most visits show none.
// Its store replays the toasts already shown to a toaster that mounts after them.
const sonner = () => import("sonner").then((m) => m.toast);
const Toaster = dynamic(() => import("@/components/ui/toaster").then((m) => m.Toaster), { ssr: false });

/** Whether a toast was ever pushed on this page: the toaster mounts from then on. */
let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export type ToastAction = { label: string; onClick: () => void };
export type Toast = {
  id: number;
  tone: "success" | "error" | "info";
  title: string;
  detail?: string;
  action?: ToastAction;
};
export type ToastInput = Omit<Toast, "id">;

let nextId = 1;

const TONE: Record<Toast["tone"], string> = {
  success:
    "border-emerald-500 bg-emerald-50 text-emerald-950 dark:border-emerald-600 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-red-500 bg-red-50 text-red-950 dark:border-red-600 dark:bg-red-950 dark:text-red-50",
  info: "border-[var(--border)] bg-[var(--surface)] text-[var(--text)]",
};

/** One toast's card: its tone, title, detail, an optional action (Undo) and a dismiss button. */
function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  return (
    <div
      role={toast.tone === "error" ? "alert" : "status"}
      data-testid={`toast-${toast.tone}`}
      className={`w-full max-w-[90vw] rounded-md border px-3 py-2 text-sm shadow-lg ${TONE[toast.tone]}`}
    >
      <div className="flex items-start justify-between gap-3">
        <span className="font-medium">{toast.title}</span>
        <span className="flex shrink-0 items-center gap-2">
          {toast.action && (
            <button
              type="button"
              className="rounded border border-current px-2 py-0.5 text-xs font-medium"
              onClick={() => {
                toast.action?.onClick();
                onDismiss();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button
            type="button"
            aria-label="Dismiss"
            className="text-xs opacity-75 hover:opacity-100"
            onClick={onDismiss}
          >
            ✕
          </button>
        </span>
      </div>
      {toast.detail && <div className="mt-1 whitespace-pre-line text-xs opacity-90">{toast.detail}</div>}
    </div>
  );
}

/**
 * Toasts on sonner (stacking, timers paused on hover, swipe to dismiss, one live region); the
 * cards are ours so each keeps its tone, role and test id. `toasts` is kept for callers that
 * read it and stays empty: sonner holds the list.
 */
export function useToasts() {
  const dismiss = useCallback((id: number) => void sonner().then((t) => t.dismiss(id)), []);
  const push = useCallback((input: ToastInput) => {
    const id = nextId++;
    want();
    void sonner().then((t) =>
      t.custom(() => <ToastCard toast={{ ...input, id }} onDismiss={() => t.dismiss(id)} />, {
        id,
        duration: input.tone === "error" ? 9000 : input.action ? 8000 : 3500,
      }),
    );
  }, []);
  return { toasts: [] as Toast[], push, dismiss };
}

/** Where the toasts show; `toasts` and `onDismiss` are accepted for compatibility and unused. */
export function Toasts(_props: { toasts?: Toast[]; onDismiss?: (id: number) => void }) {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return shown ? <Toaster /> : null;
}
