"use client";

import type { PaletteCommands } from "@/components/palette/actions";
import { newKindsOf } from "@/components/palette/new-kinds";
import type { EntityKind } from "@/schemas/kinds";
import { useEditor } from "./editor-store";
import type { CanvasLayout } from "./use-canvas-layout";
import { usePanelFlow } from "./use-panel-state";
import { useTheme } from "./use-theme";

/** What the palette's actions do: the editor's own commands, one way to each. */
export function usePaletteCommands(
  layout: CanvasLayout,
  kinds: readonly EntityKind[],
  deleteCurrent: { kind: EntityKind; id: string; run: () => void } | null,
): PaletteCommands {
  const visibleKinds = useEditor((s) => s.visibleKinds);
  const toggleKind = useEditor((s) => s.toggleKind);
  const setRouteOpen = useEditor((s) => s.setRouteOpen);
  const refitView = useEditor((s) => s.refitView);
  const [theme, toggleTheme] = useTheme();
  const { createNew, go } = usePanelFlow();
  return {
    newKinds: newKindsOf(kinds),
    newRecord: (kind) => void createNew(kind),
    route: () => setRouteOpen(true),
    // The header's own export link and file input do the work, so there is one way to each.
    exportOrg: () => document.querySelector<HTMLElement>('[data-testid="export-link"]')?.click(),
    importOrg: () => document.querySelector<HTMLElement>('[data-testid="import-file"]')?.click(),
    visibleKinds,
    toggleKind,
    theme,
    toggleTheme,
    navigate: (href) => void go(href),
    foldAllTeams: () => {
      layout.foldAllTeams();
      refitView();
    },
    deleteCurrent,
    unfoldAll: () => {
      layout.unfoldAll();
      refitView();
    },
  };
}
