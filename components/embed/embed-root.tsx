"use client";

import { Providers } from "@/components/providers";
import type { EmbedList } from "@/schemas/embed";
import { EmbedDashboard, type EmbedFrame } from "./embed-dashboard";

export type EmbedRootProps = { initial: EmbedList; frame: EmbedFrame };

/** The dashboard with its query cache. */
export function EmbedRoot({ initial, frame }: EmbedRootProps) {
  return (
    <Providers>
      <EmbedDashboard initial={initial} frame={frame} />
    </Providers>
  );
}
