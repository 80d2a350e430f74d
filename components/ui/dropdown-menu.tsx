"use client";

import * as RadixMenu from "@radix-ui/react-dropdown-menu";
import type { ComponentPropsWithoutRef, ReactNode } from "react";

export function DropdownMenu({
  trigger,
  children,
  triggerClassName,
  triggerTestId,
  align = "end",
}: {
  trigger: ReactNode;
  children: ReactNode;
  triggerClassName?: string;
  triggerTestId?: string;
  align?: "start" | "center" | "end";
}) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger className={triggerClassName} data-testid={triggerTestId}>
        {trigger}
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          sideOffset={4}
          // Escape closes the menu only, not the panel behind it (the editor listens on window).
          onEscapeKeyDown={(e) => e.stopPropagation()}
          className="z-50 min-w-40 rounded border border-[var(--border)] bg-[var(--surface)] py-1 text-[var(--text)] shadow-lg"
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export function MenuItem({
  children,
  onSelect,
  ...rest
}: { children: ReactNode; onSelect: () => void } & Omit<ComponentPropsWithoutRef<"div">, "onSelect">) {
  return (
    <RadixMenu.Item
      {...rest}
      onSelect={onSelect}
      className="block w-full cursor-default px-3 py-1 text-left text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
    >
      {children}
    </RadixMenu.Item>
  );
}
