"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isTyping } from "@/components/editor/is-typing";
import type { OpenHow } from "@/components/editor/use-panel-state";
import { statusBadgeClass } from "@/components/org/status-tone";
import { clientOnly } from "@/components/ui/client-only";
import { DeferredTrigger } from "@/components/ui/deferred-trigger";
import { statusText, uniqueProblems } from "@/lib/org/problem-counts";
import type { RecordItem } from "@/lib/palette/records";
import { gitIgnoreQuery } from "@/lib/queries/git-ignore";
import { type OrgData, type OrgView, rowKey } from "@/lib/queries/org";
import type { FieldError } from "@/schemas/field-error";
import type { EntityKind } from "@/schemas/kinds";
import type { PaletteCommands } from "./actions";

// cmdk, the Radix dialog and the shortcut sheet load the first time they are wanted, not with the editor.
const loadPalette = () => import("@/components/editor/command-palette");
const loadSheet = () => import("./shortcut-sheet");
const CommandPalette = clientOnly(() => loadPalette().then((m) => m.CommandPalette));
const ShortcutSheet = clientOnly(() => loadSheet().then((m) => m.ShortcutSheet));

const BUTTON = "rounded px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800";

const NONE: readonly FieldError[] = [];

/** The status badge and its problem list, the Ctrl+K palette, the `?` sheet and `/?open=` links. */
export function Reach({
  data,
  summary = null,
  commands,
  onOpenRecord,
  constructProblems = NONE,
}: {
  data: OrgData | null;
  /** The page's summary until the lists load: its errors whole and its warnings counted, for the badge. */
  summary?: OrgView | null;
  /** What is wrong with the Construct the project runs on (missing, unknown version, both generations). */
  constructProblems?: readonly FieldError[];
  commands: PaletteCommands;
  /** Opens a record's panel with focus in it: at `fields` if given; `opener` gets focus back on close. */
  onOpenRecord: (kind: EntityKind, id: string, how?: OpenHow) => Promise<unknown> | undefined;
}) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps Radix's own focus return and exit.
  const paletteWanted = useLatch(paletteOpen);
  const sheetWanted = useLatch(sheetOpen);
  // Git ignoring the project tier, like a missing Construct, is the project's problem, not a record's;
  // the page seeds both answers.
  const ignore = useQuery({ ...gitIgnoreQuery(), enabled: !!data });
  const problems = useMemo(() => {
    const own = ignore.data?.problem;
    return uniqueProblems(constructProblems, (data ?? summary)?.problems ?? [], own ? [own] : []);
  }, [data, summary, ignore.data, constructProblems]);
  const uncounted = useMemo(
    () =>
      data
        ? {}
        : {
            warnings: Object.values(summary?.warnings ?? {}).reduce((a, b) => a + b, 0),
            readOnly: summary?.readOnlyWarnings ?? 0,
            accepted: summary?.acceptedWarnings ?? 0,
          },
    [data, summary],
  );

  // A problem's or a link's field is focused; else the record's heading.
  const open = useCallback(
    (kind: EntityKind, id: string, fields: readonly string[] = [], opener?: HTMLElement | null) =>
      void onOpenRecord(kind, id, { fields, ...(opener === undefined ? {} : { opener }) }),
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

  // `/?open=`: opened once the org loads, then dropped from the address so a reload does not reopen it.
  const handledParam = useRef(false);
  useEffect(() => {
    if (!data || handledParam.current) return;
    handledParam.current = true;
    if (!new URLSearchParams(window.location.search).has("open")) return;
    void import("@/lib/palette/open-param").then(({ parseOpenParam, fieldPrefixes }) => {
      const request = parseOpenParam(window.location.search);
      if (!request || !data.rows[rowKey(request.kind, request.id)]) return;
      const url = new URL(window.location.href);
      url.searchParams.delete("open");
      url.searchParams.delete("field");
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
      open(request.kind, request.id, request.field ? fieldPrefixes(request.field) : []);
    });
  }, [data, open]);

  const openSheet = useCallback(() => setSheetOpen(true), []);
  const openItem = useCallback(
    (item: RecordItem, opener?: HTMLElement | null) => open(item.kind, item.entityId, [], opener),
    [open],
  );
  return (
    <>
      {data && (
        // The problem list's dialog (Radix) loads when the badge is first pointed at or focused.
        <DeferredTrigger
          load={() => import("@/components/org/status-badge").then((m) => m.StatusBadge)}
          props={{
            problems,
            org: data.org,
            rows: data.rows,
            onOpenAt: (kind: EntityKind, id: string, fields: string[]) => open(kind, id, fields),
            onOpenRecord: openItem,
          }}
          opensOn="click"
          testId="org-status"
          className={statusBadgeClass(problems)}
          labels={{ title: "Show the problems" }}
        >
          {statusText(problems)}
        </DeferredTrigger>
      )}
      {!data && summary && (
        // Counted at first paint; the list, which names every warning, opens once the lists load.
        <button
          type="button"
          disabled
          data-testid="org-status"
          className={statusBadgeClass(problems, uncounted)}
          title="The problems open once the org has loaded"
        >
          {statusText(problems, uncounted)}
        </button>
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
          commands={commands}
          onShortcuts={openSheet}
          onOpenRecord={openItem}
        />
      )}
      {sheetWanted && <ShortcutSheet open={sheetOpen} onOpenChange={setSheetOpen} />}
    </>
  );
}

function useLatch(on: boolean) {
  const [latched, setLatched] = useState(on);
  if (on && !latched) setLatched(true);
  return latched || on;
}
