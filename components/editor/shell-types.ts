import type { ReactNode } from "react";
import { ApiError } from "@/lib/api/error";
import type { DialogAction, DialogOptions } from "./dialog";
import type { ToastInput } from "./toasts";

/** Asks the user in a modal; resolves with the chosen action's value, or null when dismissed. */
export type Ask = (
  title: string,
  body: ReactNode,
  actions: DialogAction[],
  opts?: DialogOptions,
) => Promise<string | null>;
/** Shows a toast and returns its id (to replace or dismiss it). */
export type Toast = (toast: ToastInput) => number;

/** An API failure as a toast's detail: the message and each field problem on its own line. */
export function errorDetail(e: unknown): string {
  return e instanceof ApiError ? [e.message, ...e.errors.map((x) => x.message)].join("\n") : String(e);
}
