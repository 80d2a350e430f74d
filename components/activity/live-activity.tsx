"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useActivityChanges } from "@/lib/queries/activity-live";

/** Draws the page again, in place, when Construct changes its records: no reload, the filter kept. */
export function LiveActivity({ since }: { since: string }) {
  const router = useRouter();
  useActivityChanges(
    since,
    useCallback(() => router.refresh(), [router]),
  );
  return null;
}
