"use client";

import { Providers, type QuerySeed } from "@/components/providers";
import type { EditorConstruct } from "@/schemas/api";
import { EditorShell } from "./editor-shell";

export type EditorRootProps = { seed: QuerySeed; root: string; construct: EditorConstruct };

/** The editor with its query cache: everything the page hydrates once its code has arrived. */
export function EditorRoot({ seed, root, construct }: EditorRootProps) {
  return (
    <Providers seed={seed}>
      <EditorShell root={root} construct={construct} />
    </Providers>
  );
}
