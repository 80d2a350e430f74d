"use client";

import { useCallback, useSyncExternalStore } from "react";
import { clientOnly } from "@/components/ui/client-only";

// sonner (about 10 kB gz) loads with the first toast, not with the page; it replays toasts shown before it mounts.
const sonner = () =>
  Promise.all([import("sonner"), import("./toast-card")]).then(([m, c]) => ({
    toast: m.toast,
    ToastCard: c.ToastCard,
  }));
const Toaster = clientOnly(() => import("@/components/ui/toaster").then((m) => m.Toaster));

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
/** `id`: a toast shown before, replaced in place (a message about one thing is said once, kept current). */
export type ToastInput = Omit<Toast, "id"> & { id?: number };

let nextId = 1;

// Cards are ours so each keeps its tone, role and test id; sonner holds the list.
export function useToasts() {
  const push = useCallback((input: ToastInput): number => {
    const id = input.id ?? nextId++;
    want();
    void sonner().then(({ toast, ToastCard }) =>
      toast.custom(() => <ToastCard toast={{ ...input, id }} onDismiss={() => toast.dismiss(id)} />, {
        id,
        duration: input.tone === "error" ? 9000 : input.action ? 8000 : 3500,
      }),
    );
    return id;
  }, []);
  /** Takes a toast away before its time: what it said has stopped being true. */
  const dismiss = useCallback((id: number) => {
    if (wanted) void sonner().then(({ toast }) => toast.dismiss(id));
  }, []);
  return { push, dismiss };
}

export function Toasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return shown ? <Toaster /> : null;
}
