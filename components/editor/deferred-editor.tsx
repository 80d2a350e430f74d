"use client";

import { deferHydration, Hydrated } from "@/components/ui/defer-hydration";
import type { EditorRootProps } from "./editor-root";

const EditorRoot = deferHydration<EditorRootProps>(() => import("./editor-root").then((m) => m.EditorRoot));

/** The editor's store, queries, toolbar and panels hydrate its server-rendered first view once they arrive. */
export function DeferredEditor(props: EditorRootProps) {
  return (
    <Hydrated>
      <EditorRoot {...props} />
    </Hydrated>
  );
}
