"use client";

import { useCallback, useState } from "react";

export type Toast = { id: number; tone: "success" | "error" | "info"; title: string; detail?: string };
export type ToastInput = Omit<Toast, "id">;

let nextId = 1;

export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);
  const push = useCallback(
    (toast: ToastInput) => {
      const id = nextId++;
      setToasts((t) => [...t.slice(-4), { ...toast, id }]);
      setTimeout(() => dismiss(id), toast.tone === "error" ? 9000 : 3500);
    },
    [dismiss],
  );
  return { toasts, push, dismiss };
}

const TONE: Record<Toast["tone"], string> = {
  success: "border-emerald-400 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-400 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  info: "border-slate-300 bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100",
};

export function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <div
      className="pointer-events-none fixed bottom-4 left-1/2 z-50 flex w-[28rem] max-w-[90vw] -translate-x-1/2 flex-col gap-2"
      aria-live="polite"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.tone === "error" ? "alert" : "status"}
          data-testid={`toast-${t.tone}`}
          className={`pointer-events-auto rounded-md border px-3 py-2 text-sm shadow-lg ${TONE[t.tone]}`}
        >
          <div className="flex items-start justify-between gap-3">
            <span className="font-medium">{t.title}</span>
            <button
              type="button"
              aria-label="Dismiss"
              className="text-xs opacity-60 hover:opacity-100"
              onClick={() => onDismiss(t.id)}
            >
              ✕
            </button>
          </div>
          {t.detail && <div className="mt-1 whitespace-pre-line text-xs opacity-80">{t.detail}</div>}
        </div>
      ))}
    </div>
  );
}
