"use client";

import { deferHydration } from "@/components/ui/defer-hydration";
import type { EmbedRootProps } from "./embed-root";

/** The dashboard's queries and actions hydrate its server-rendered list once they arrive. */
export const DeferredEmbed = deferHydration<EmbedRootProps>(() => import("./embed-root").then((m) => m.EmbedRoot));
