"use client";

import { type ComponentProps, useState } from "react";
import { clientOnly } from "./client-only";

// Radix's dialog loads when a modal first opens: the pages that mount one open it rarely.
const RadixModal = clientOnly(() => import("./modal").then((m) => m.Modal));

/** Mounted from its first opening on, so a close runs through Radix (its focus return and exit). */
export function Modal(props: ComponentProps<typeof RadixModal>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? <RadixModal {...props} /> : null;
}

export const BUTTON_TONES = {
  primary: "bg-sky-700 text-white hover:bg-sky-800",
  danger: "bg-red-700 text-white hover:bg-red-800",
  plain: "border border-[var(--border)] hover:bg-slate-100 dark:hover:bg-slate-800",
} as const;
