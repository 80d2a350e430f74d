"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { openEvents } from "@/lib/api/events";
import { orgKeys } from "./org";

/** Refetches the org when the server says its files changed (an edit elsewhere, a git checkout). */
export function useOrgEvents(onChange?: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = openEvents();
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: orgKeys.all });
      onChange?.();
    };
    source.addEventListener("org-changed", refresh);
    // Changes made before this (re)connection were announced to nobody: catch up once connected.
    source.addEventListener("ready", refresh);
    return () => source.close();
  }, [queryClient, onChange]);
}
