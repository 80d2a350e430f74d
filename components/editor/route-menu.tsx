"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { type KeyboardEvent, useRef, useState } from "react";
import { RoutePreview, type RoutePreviewProps } from "./route-preview";

/** A non-modal preview: Escape closes it and returns focus; clicks on the canvas leave it open. */
export function RouteMenu({
  open,
  onOpenChange,
  className,
  preview,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
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
        <div className="fixed inset-x-0 z-20 h-0" style={{ top }}>
          <RadixDialog.Content
            ref={content}
            aria-label="Routing preview"
            aria-describedby={undefined}
            // Open beside the panel it opens records in: focus may go there while it stays up.
            data-modeless=""
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

function moveAmongButtons(e: KeyboardEvent, root: HTMLElement | null) {
  if ((e.key !== "ArrowDown" && e.key !== "ArrowUp") || !root) return;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button:not([disabled])")];
  const at = buttons.indexOf(e.target as HTMLButtonElement);
  if (at === -1) return;
  e.preventDefault();
  buttons[(at + (e.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length].focus();
}
