"use client";

import { type ReactNode, type RefObject, useCallback, useRef, useState } from "react";
import { BUTTON_TONES, Modal } from "@/components/ui/dialog";

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

export function useDialog() {
  const [request, setRequest] = useState<Request | null>(null);
  // Opened from code, not from a trigger: focus goes back here on close.
  const opener = useRef<HTMLElement | null>(null);
  const ask = useCallback(
    (title: string, body: ReactNode, actions: DialogAction[], opts: DialogOptions = {}) =>
      new Promise<string | null>((resolve) => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setRequest({ title, body, actions, ...opts, resolve });
      }),
    [],
  );
  const close = useCallback((value: string | null) => {
    setRequest((r) => {
      r?.resolve(value);
      return null;
    });
  }, []);
  const element = request ? <Dialog request={request} onClose={close} returnFocus={opener} /> : null;
  return { ask, element, open: request !== null };
}

/** Cancel, else the first plain action, is focused first: Enter or a stray Space never destroys anything. */
function safeIndex(request: Request): number {
  if (!request.noCancel) return -1;
  const plain = request.actions.findIndex((a) => a.tone === "plain");
  return plain === -1 ? 0 : plain;
}

function Dialog({
  request,
  onClose,
  returnFocus,
}: {
  request: Request;
  onClose: (value: string | null) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const safe = useRef<HTMLButtonElement>(null);
  const safeAt = safeIndex(request);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose(null)}
      title={request.title}
      description={request.body}
      initialFocus={safe}
      returnFocus={returnFocus}
      className={request.wide ? "w-[52rem]" : "w-[32rem]"}
    >
      <div className="flex justify-end gap-2">
        {!request.noCancel && (
          <button
            ref={safe}
            type="button"
            className={`rounded px-3 py-1.5 text-sm ${BUTTON_TONES.plain}`}
            onClick={() => onClose(null)}
          >
            {request.cancelLabel ?? "Cancel"}
          </button>
        )}
        {request.actions.map((a, i) => (
          <button
            key={a.value}
            ref={i === safeAt ? safe : undefined}
            type="button"
            className={`rounded px-3 py-1.5 text-sm ${BUTTON_TONES[a.tone ?? "primary"]}`}
            onClick={() => onClose(a.value)}
          >
            {a.label}
          </button>
        ))}
      </div>
    </Modal>
  );
}
