import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { FoldedView } from "@/schemas/graph";
import { foldedQuery, joinSummary, type OrgData, type OrgView, orgQuery, summaryQuery } from "./org";

// Apart from org.ts, which the editor page's server component imports for its keys: hooks stay client-side.
/**
 * `view` is the page's slim summary until every list loads: enough to draw, not to edit. A big org
 * has `folded` instead, and its lists are asked for once the folded view is on screen, not before.
 */
export function useOrg(): {
  data: OrgData | null;
  view: OrgView | null;
  folded: FoldedView | null;
  isLoading: boolean;
  error: Error | null;
} {
  const summary = useQuery(summaryQuery());
  const folded = useQuery(foldedQuery()).data ?? null;
  const painted = useAfterPaint(!folded);
  // The page's summary (or folded view) names the project's kinds; the lists wait for it.
  const kinds = summary.data?.kinds ?? folded?.kinds ?? [];
  const lists = useQuery({ ...orgQuery(kinds), enabled: painted && kinds.length > 0 });
  const slim = useMemo(() => (summary.data ? joinSummary(summary.data) : null), [summary.data]);
  const data = lists.data ?? null;
  return { data, view: data ?? slim, folded, isLoading: lists.isPending && !lists.error, error: lists.error };
}

/** True from the first frame after the first paint (at once when `now`). */
function useAfterPaint(now: boolean): boolean {
  const [painted, setPainted] = useState(now);
  useEffect(() => {
    if (painted) return;
    // Two frames: the first runs before the paint of what was committed, the second after it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [painted]);
  return painted || now;
}
