import { createContext, useContext, useEffect } from "react";

/**
 * Told when a node's element leaves the page. A browser sends no mouseleave for an element removed
 * from under the pointer (a big org stops rendering a node that leaves the view, a fold hides its
 * members), so a hover that began on it has to end here.
 */
export const NodeGoneContext = createContext<((nodeId: string) => void) | null>(null);

export function useNodeGone(nodeId: string) {
  const gone = useContext(NodeGoneContext);
  useEffect(() => () => gone?.(nodeId), [gone, nodeId]);
}
