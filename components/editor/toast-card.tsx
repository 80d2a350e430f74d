"use client";

import type { Toast } from "./toasts";

const TONE: Record<Toast["tone"], string> = {
  success:
    "border-emerald-500 bg-emerald-50 text-emerald-950 dark:border-emerald-600 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-red-500 bg-red-50 text-red-950 dark:border-red-600 dark:bg-red-950 dark:text-red-50",
  info: "border-[var(--border)] bg-[var(--surface)] text-[var(--text)]",
};

/** One toast's card: its tone, title, detail, an optional action (Undo) and a dismiss button. */
export function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
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
      {toast.detail && (
        <div className="mt-1 max-h-48 overflow-y-auto whitespace-pre-line text-xs opacity-90">{toast.detail}</div>
      )}
    </div>
  );
}
