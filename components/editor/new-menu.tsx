"use client";

import { DropdownMenu, MenuItem } from "@/components/ui/dropdown-menu";

const KINDS = ["specialist", "team", "group", "contract"] as const;
export type NewKind = (typeof KINDS)[number];

/** "New ▾": one item per kind that can be created from the header; arrows, typing and Escape work. */
export function NewMenu({ onCreate, className }: { onCreate: (kind: NewKind) => void; className?: string }) {
  return (
    <DropdownMenu trigger="New ▾" triggerClassName={className} triggerTestId="new-menu">
      {KINDS.map((k) => (
        <MenuItem key={k} data-testid={`new-${k}`} onSelect={() => onCreate(k)}>
          {k}
        </MenuItem>
      ))}
    </DropdownMenu>
  );
}
