"use client";

import { DropdownMenu, MenuItem } from "@/components/ui/dropdown-menu";
import { ENTITY_KIND_SPECS, type EntityKind } from "@/schemas/kinds";

/** "New ▾": one item per kind that can be created from the header; arrows, typing and Escape work. */
export function NewMenu({
  kinds,
  onCreate,
  className,
}: {
  kinds: readonly EntityKind[];
  onCreate: (kind: EntityKind) => void;
  className?: string;
}) {
  return (
    <DropdownMenu trigger="New ▾" triggerClassName={className} triggerTestId="new-menu">
      {kinds.map((k) => (
        <MenuItem key={k} data-testid={`new-${k}`} onSelect={() => onCreate(k)}>
          {ENTITY_KIND_SPECS[k].title.toLowerCase()}
        </MenuItem>
      ))}
    </DropdownMenu>
  );
}
