"use client";

import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isTyping } from "@/components/editor/is-typing";
import { statusBadgeClass } from "@/components/org/status-tone";
import { DeferredTrigger } from "@/components/ui/deferred-trigger";
import { fieldCandidates, fieldPrefixes, parseOpenParam, recordOfPointer } from "@/lib/palette/open-param";
import type { RecordItem } from "@/lib/palette/records";
import { statusText } from "@/lib/palette/status-text";
import { type OrgData, rowKey } from "@/lib/queries/org";
import type { FieldError } from "@/schemas/field-error";
import type { EntityKind } from "@/schemas/kinds";
import { type PaletteCommands, paletteActions } from "./actions";
import { focusFieldWhenShown } from "./focus-field";

// cmdk, the Radix dialog and the shortcut sheet are not part of the editor's first load: they
// load the first time the palette or the sheet is wanted (Ctrl+K, the button, `?`), and stay.
const loadPalette = () => import("@/components/editor/command-palette");
const loadSheet = () => import("./shortcut-sheet");
const CommandPalette = dynamic(() => loadPalette().then((m) => m.CommandPalette), { ssr: false });
const ShortcutSheet = dynamic(() => loadSheet().then((m) => m.ShortcutSheet), { ssr: false });

const BUTTON = "rounded px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800";

/**
 * Everything that reaches a record from the header: the status badge and its problem list, the
 * Search button and Ctrl+K palette, the `?` shortcut sheet, and `/?open=<section>/<id>[&field=…]`
 * links (the `/list` rows). The editor says how a record opens (`onOpenRecord`: the panel, and the
 * node selected and centred when it has one); the field a problem names is focused here.
 */
export function Reach({
  data,
  commands,
  onOpenRecord,
}: {
  data: OrgData | null;
  commands: PaletteCommands;
  onOpenRecord: (kind: EntityKind, id: string) => Promise<unknown> | undefined;
}) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps Radix's own focus return and exit.
  const paletteWanted = useLatch(paletteOpen);
  const sheetWanted = useLatch(sheetOpen);
  const stopFocus = useRef<() => void>(() => {});

  const open = useCallback(
    async (kind: EntityKind, id: string, candidates: readonly string[] = []) => {
      stopFocus.current();
      await onOpenRecord(kind, id);
      if (candidates.length) stopFocus.current = focusFieldWhenShown(id, candidates);
    },
    [onOpenRecord],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setSheetOpen(false);
        setPaletteOpen(true);
      } else if (e.key === "?" && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        // Not over another dialog: `?` there is the dialog's business.
        if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
        e.preventDefault();
        setSheetOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // `/?open=contracts/<id>`: opened once the org is loaded, then dropped from the address so a
  // closed panel does not come back on reload.
  const handledParam = useRef(false);
  useEffect(() => {
    if (!data || handledParam.current) return;
    handledParam.current = true;
    const request = parseOpenParam(window.location.search);
    if (!request || !data.rows[rowKey(request.kind, request.id)]) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("open");
    url.searchParams.delete("field");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    void open(request.kind, request.id, request.field ? fieldPrefixes(request.field) : []);
  }, [data, open]);

  useEffect(() => () => stopFocus.current(), []);

  const actions = useMemo(() => paletteActions(commands, () => setSheetOpen(true)), [commands]);
  const openItem = useCallback((item: RecordItem) => void open(item.kind, item.entityId), [open]);
  const canOpen = useCallback(
    (p: FieldError) => {
      const record = recordOfPointer(p.location);
      return !!record && !!data?.rows[rowKey(record.kind, record.id)];
    },
    [data],
  );
  const openProblem = useCallback(
    (p: FieldError) => {
      const record = recordOfPointer(p.location);
      if (record) void open(record.kind, record.id, fieldCandidates(p.location));
    },
    [open],
  );

  return (
    <>
      {data && (
        // The problem list's dialog (Radix) loads when the badge is first pointed at or focused.
        <DeferredTrigger
          load={() => import("@/components/org/status-badge").then((m) => m.StatusBadge)}
          props={{
            problems: data.problems,
            org: data.org,
            canOpen,
            onOpenProblem: openProblem,
            onOpenRecord: openItem,
          }}
          opensOn="click"
          testId="org-status"
          className={statusBadgeClass(data.problems)}
          title="Show the problems"
        >
          {statusText(data.problems)}
        </DeferredTrigger>
      )}
      <button
        type="button"
        className={BUTTON}
        onClick={() => setPaletteOpen(true)}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        title="Search records and actions (Ctrl+K); ? lists the shortcuts"
        data-testid="open-search"
      >
        Search <kbd className="text-[10px] text-muted">⌃K</kbd>
      </button>
      {data && paletteWanted && (
        <CommandPalette
          open={paletteOpen}
          onOpenChange={setPaletteOpen}
          org={data.org}
          actions={actions}
          onOpenRecord={openItem}
        />
      )}
      {sheetWanted && <ShortcutSheet open={sheetOpen} onOpenChange={setSheetOpen} />}
    </>
  );
}

/** True from the first render where `on` is true, for good. */
function useLatch(on: boolean) {
  const [latched, setLatched] = useState(on);
  if (on && !latched) setLatched(true);
  return latched || on;
}
