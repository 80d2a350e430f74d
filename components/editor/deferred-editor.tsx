"use client";

import { deferHydration } from "@/components/ui/defer-hydration";
import type { EditorRootProps } from "./editor-root";

/** The editor's store, queries, toolbar and panels hydrate its server-rendered first view once they arrive. */
export const DeferredEditor = deferHydration<EditorRootProps>(() => import("./editor-root").then((m) => m.EditorRoot));
