"use client";

import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";

export type DialogAction = { label: string; value: string; tone?: "primary" | "danger" | "plain" };
type Request = {
  title: string;
  body: ReactNode;
  actions: DialogAction[];
  wide?: boolean;
  cancelLabel?: string;
  noCancel?: boolean;
  resolve: (value: string | null) => void;
};
/** `noCancel`: the actions already include the safe answer (Escape still answers null). */
export type DialogOptions = { wide?: boolean; cancelLabel?: string; noCancel?: boolean };

/** A modal that answers with the chosen action's value (or null when dismissed). */
export function useDialog() {
  const [request, setRequest] = useState<Request | null>(null);
  const ask = useCallback(
    (title: string, body: ReactNode, actions: DialogAction[], opts: DialogOptions = {}) =>
      new Promise<string | null>((resolve) => setRequest({ title, body, actions, ...opts, resolve })),
    [],
  );
  const close = useCallback((value: string | null) => {
    setRequest((r) => {
      r?.resolve(value);
      return null;
    });
  }, []);
  const element = request ? <Dialog request={request} onClose={close} /> : null;
  return { ask, element, open: request !== null };
}

const TONES = {
  primary: "bg-sky-600 text-white hover:bg-sky-700",
  danger: "bg-red-600 text-white hover:bg-red-700",
  plain: "border border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800",
};

function Dialog({ request, onClose }: { request: Request; onClose: (value: string | null) => void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div className="nokey fixed inset-0 z-50 flex items-center justify-center bg-black/40">
      <div
        role="dialog"
        aria-modal="true"
        aria-label={request.title}
        onKeyDown={(e) => {
          if (e.key !== "Escape") return;
          // Escape closes this dialog only, never the panel or selection behind it.
          e.stopPropagation();
          onClose(null);
        }}
        className={`${request.wide ? "w-[52rem]" : "w-[32rem]"} max-w-[92vw] rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900`}
      >
        <h2 className="mb-2 text-base font-semibold">{request.title}</h2>
        <div className="mb-4 text-sm text-slate-600 dark:text-slate-300">{request.body}</div>
        <div className="flex justify-end gap-2">
          {!request.noCancel && (
            <button
              type="button"
              className={`rounded px-3 py-1.5 text-sm ${TONES.plain}`}
              onClick={() => onClose(null)}
            >
              {request.cancelLabel ?? "Cancel"}
            </button>
          )}
          {request.actions.map((a, i) => (
            <button
              key={a.value}
              ref={i === 0 ? first : undefined}
              type="button"
              className={`rounded px-3 py-1.5 text-sm ${TONES[a.tone ?? "primary"]}`}
              onClick={() => onClose(a.value)}
            >
              {a.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
