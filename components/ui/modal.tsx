"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ComponentPropsWithoutRef, ReactNode, RefObject } from "react";

/** `initialFocus` is the safe answer, never the destructive one; `returnFocus` serves dialogs opened from code. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  initialFocus,
  returnFocus,
  className = "w-[32rem]",
  ...rest
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  returnFocus?: RefObject<HTMLElement | null>;
  className?: string;
} & Omit<ComponentPropsWithoutRef<"div">, "title">) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="nokey fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          {...rest}
          aria-modal="true"
          // Without a description Radix would point aria-describedby at nothing.
          aria-describedby={description ? undefined : rest["aria-describedby"]}
          onOpenAutoFocus={(e) => {
            if (!initialFocus?.current) return;
            e.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(e) => {
            if (!returnFocus?.current?.isConnected) return;
            e.preventDefault();
            returnFocus.current.focus();
          }}
          onEscapeKeyDown={(e) => {
            // Radix listens in the capture phase: this keeps the editor's own Escape from running for the same key.
            e.stopPropagation();
          }}
          className={`nokey fixed left-1/2 top-1/2 z-50 max-h-[90vh] max-w-[92vw] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-[var(--border)] bg-[var(--surface)] p-5 text-[var(--text)] shadow-xl focus:outline-none ${className}`}
        >
          <RadixDialog.Title className="mb-2 text-base font-semibold">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description asChild>
              <div className="mb-4 text-sm text-[var(--muted)]">{description}</div>
            </RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
