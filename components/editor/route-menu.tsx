"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { type KeyboardEvent, useRef, useState } from "react";
import { RoutePreview, type RoutePreviewProps } from "./route-preview";

/**
 * "Route…": a button and the non-modal routing preview it opens below the header. Escape closes
 * it and focus returns to the button; clicks on the canvas leave it open (pick a candidate, look,
 * pick another); the arrow keys move between its buttons.
 */
export function RouteMenu({
  open,
  onOpenChange,
  className,
  preview,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  /** What the preview does with a pick, a close and a saved test (its code comes with this menu's). */
  preview: RoutePreviewProps;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  return (
    <RadixDialog.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        if (next) setTop(trigger.current?.closest("header")?.getBoundingClientRect().bottom ?? 0);
        onOpenChange(next);
      }}
    >
      <RadixDialog.Trigger ref={trigger} className={className} data-testid="open-route">
        Route…
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        {/* A zero-height band under the header that the preview hangs from, as it did from the canvas. */}
        <div className="fixed inset-x-0 z-20 h-0" style={{ top }}>
          <RadixDialog.Content
            ref={content}
            aria-label="Routing preview"
            aria-describedby={undefined}
            className="contents"
            onOpenAutoFocus={(e) => {
              e.preventDefault();
              content.current?.querySelector<HTMLElement>("textarea")?.focus();
            }}
            onEscapeKeyDown={(e) => e.stopPropagation()}
            onInteractOutside={(e) => e.preventDefault()}
            onKeyDown={(e) => moveAmongButtons(e, content.current)}
          >
            <RoutePreview {...preview} />
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** ArrowDown / ArrowUp from one of the preview's buttons to the next or previous one. */
function moveAmongButtons(e: KeyboardEvent, root: HTMLElement | null) {
  if ((e.key !== "ArrowDown" && e.key !== "ArrowUp") || !root) return;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button:not([disabled])")];
  const at = buttons.indexOf(e.target as HTMLButtonElement);
  if (at === -1) return;
  e.preventDefault();
  buttons[(at + (e.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length].focus();
}
