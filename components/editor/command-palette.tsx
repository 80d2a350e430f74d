"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Command } from "cmdk";
import { useMemo, useRef, useState } from "react";
import { ACTIONS, type PaletteAction, type PaletteCommands, paletteActions } from "@/components/palette/actions";
import { returnFocusTo, useFocusReturn } from "@/components/ui/focus-return";
import { NOT_ON_CANVAS, type RecordItem, recordItems } from "@/lib/palette/records";
import { groupHits, searchItems } from "@/lib/palette/search";
import type { OrgRecords } from "@/schemas/kinds";

type Item = RecordItem | PaletteAction;
const isAction = (item: Item): item is PaletteAction => "run" in item;

/** Hits listed per group: enough to choose from, few enough that every kind stays in view. */
const PER_GROUP = 8;

/** cmdk's own filter is off: what matches and in which order is decided by the tested `searchItems`. */
export function CommandPalette({
  open,
  onOpenChange,
  org,
  commands,
  onShortcuts,
  onOpenRecord,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  org: OrgRecords;
  commands: PaletteCommands;
  onShortcuts: () => void;
  /** `opener`: where the user was before the palette, which gets focus back when the record's panel closes. */
  onOpenRecord: (item: RecordItem, opener: HTMLElement | null) => void;
}) {
  const actions = useMemo(() => paletteActions(commands, onShortcuts), [commands, onShortcuts]);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState("");
  const picked = useRef(false);
  // Opened by a shortcut, not a trigger: a dismissed palette gives focus back to where the user was.
  const before = useFocusReturn(open);
  const records = useMemo(() => (open ? recordItems(org) : []), [open, org]);
  const groups = useMemo(() => {
    // With no query the actions come first (what can I do here?); with one, the best hit's group.
    const items: Item[] = query.trim() ? [...records, ...actions] : [...actions, ...records];
    const hits = searchItems(items, query, query.trim() ? PER_GROUP : 5);
    return groupHits(hits);
  }, [records, actions, query]);
  const first = groups[0]?.hits[0]?.item.key ?? "";

  const pick = (item: Item) => {
    picked.current = true;
    onOpenChange(false);
    if (isAction(item)) item.run();
    else onOpenRecord(item, before.current?.isConnected ? before.current : null);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          picked.current = false;
          setQuery("");
        }
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content
          aria-describedby={undefined}
          // A picked record's panel takes the focus; only a dismissed palette gives it back.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!picked.current) returnFocusTo(before)(e);
          }}
          className="fixed left-1/2 top-24 z-50 w-[36rem] max-w-[92vw] -translate-x-1/2 overflow-hidden rounded-lg bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100"
        >
          <Dialog.Title className="sr-only">Search the org</Dialog.Title>
          <Command label="Search the org" shouldFilter={false} loop value={active || first} onValueChange={setActive}>
            <Command.Input
              data-testid="search-input"
              value={query}
              onValueChange={(q) => {
                setQuery(q);
                setActive("");
              }}
              placeholder="Find a record by id, name or text, or an action…"
              className="w-full border-b border-slate-200 bg-transparent px-4 py-3 text-sm outline-none dark:border-slate-700"
            />
            <Command.List
              id="search-results"
              aria-label="Matches"
              data-testid="search-results"
              className="max-h-[60vh] overflow-y-auto py-1"
            >
              <Command.Empty className="px-4 py-2 text-sm text-muted">Nothing matches.</Command.Empty>
              {groups.map(({ group, hits }) => (
                <Command.Group
                  key={group}
                  heading={group}
                  data-testid={`search-group-${group}`}
                  className="[&_[cmdk-group-heading]]:px-4 [&_[cmdk-group-heading]]:pb-0.5 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-muted "
                >
                  {hits.map(({ item }) => (
                    <Command.Item
                      key={item.key}
                      value={item.key}
                      onSelect={() => pick(item)}
                      data-testid={`search-result-${item.key}`}
                      className="flex cursor-pointer items-center justify-between gap-3 px-4 py-1.5 text-sm data-[selected=true]:bg-sky-100 dark:data-[selected=true]:bg-sky-900"
                    >
                      <ItemLabel item={item} />
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ItemLabel({ item }: { item: Item }) {
  if (isAction(item))
    return (
      <>
        <span>{item.name}</span>
        {item.hint && <kbd className="text-xs text-muted">{item.hint}</kbd>}
      </>
    );
  return (
    <>
      <span className="min-w-0 truncate">
        {item.name && <span className="font-medium">{item.name} </span>}
        <span className="font-mono text-xs text-slate-600 dark:text-slate-300">{item.entityId}</span>
        {item.notDrawn && <span className="ml-2 text-xs text-red-700 dark:text-red-300">{item.notDrawn}</span>}
      </span>
      <span className="shrink-0 text-xs text-muted">
        {item.group === NOT_ON_CANVAS ? item.kind : item.group === ACTIONS ? "" : item.kind}
      </span>
    </>
  );
}
