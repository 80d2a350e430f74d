"use client";

import { type ReactNode, useMemo, useRef } from "react";
import { BUTTON_TONES, Modal } from "@/components/ui/dialog";

export type DialogAction = { label: string; value: string; tone?: "primary" | "danger" | "plain" };
/** Opened from code, not from a trigger: focus goes back to `opener` on close. */
export type DialogRequest = {
  title: string;
  body: ReactNode;
  actions: DialogAction[];
  wide?: boolean;
  cancelLabel?: string;
  noCancel?: boolean;
  opener: HTMLElement | null;
  resolve: (value: string | null) => void;
};
/** `noCancel`: the actions already include the safe answer (Escape still answers null). */
export type DialogOptions = { wide?: boolean; cancelLabel?: string; noCancel?: boolean };

/** Cancel, else the first plain action, is focused first: Enter or a stray Space never destroys anything. */
function safeIndex(request: DialogRequest): number {
  if (!request.noCancel) return -1;
  const plain = request.actions.findIndex((a) => a.tone === "plain");
  return plain === -1 ? 0 : plain;
}

export function Dialog({ request, onClose }: { request: DialogRequest; onClose: (value: string | null) => void }) {
  const safe = useRef<HTMLButtonElement>(null);
  const returnFocus = useMemo(() => ({ current: request.opener }), [request.opener]);
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
