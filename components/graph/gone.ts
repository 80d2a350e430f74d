import { createContext, useContext, useEffect } from "react";

/**
 * Told when a node's or an edge's element leaves the page. A browser sends no mouseleave for an
 * element removed from under the pointer (a big org stops rendering what leaves the view, a fold
 * hides its members and their relationships), so a hover that began on it has to end here.
 */
export const GoneContext = createContext<((id: string) => void) | null>(null);

export function useGone(id: string) {
  const gone = useContext(GoneContext);
  useEffect(() => () => gone?.(id), [gone, id]);
}
