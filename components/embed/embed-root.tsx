"use client";

import { Providers } from "@/components/providers";
import type { EmbedList } from "@/schemas/embed";
import type { EmbedV2List } from "@/schemas/embed-v2";
import { EmbedDashboard } from "./embed-dashboard";
import { EmbedV2Dashboard } from "./embed-v2-dashboard";

export type EmbedRootProps =
  | { generation: "adr"; initial: EmbedList }
  | { generation: "2.x"; list: EmbedV2List; construct: string };

/** The dashboard of the project's generation, with its query cache. */
export function EmbedRoot(props: EmbedRootProps) {
  return (
    <Providers>
      {props.generation === "2.x" ? (
        <EmbedV2Dashboard list={props.list} construct={props.construct} />
      ) : (
        <EmbedDashboard initial={props.initial} />
      )}
    </Providers>
  );
}
