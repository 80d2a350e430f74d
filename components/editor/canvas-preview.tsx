"use client";

import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { NODE_FRAME, NodeLines, nodeSecondLine, nodeSkin } from "@/components/graph/nodes/node-look";
import { countText, memberCounts } from "@/lib/graph/collapse";
import { fitViewport } from "@/lib/graph/fit-view";
import { childrenOf, nodeBoxes, type Position } from "@/lib/graph/geometry";
import type { Graph, GraphNode } from "@/schemas/graph";

/**
 * The first view as a plain picture while React Flow loads: the same boxes at the viewport the canvas
 * fits to, so nothing moves when it takes over. `aria-busy` until then; relationships come with the canvas.
 */
export function CanvasPreview({
  graph,
  positions,
  collapsed,
}: {
  graph: Graph;
  positions: Readonly<Record<string, Position>>;
  collapsed: ReadonlySet<string>;
}) {
  const pane = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  // The pane's size is known only in the browser: the picture is drawn from the first layout on.
  useLayoutEffect(() => {
    const el = pane.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const boxes = useMemo(() => nodeBoxes(graph.nodes, positions, collapsed), [graph.nodes, positions, collapsed]);
  const view = useMemo(() => (size ? fitViewport(Object.values(boxes), size.width, size.height) : null), [boxes, size]);
  // Containers first, so their members are drawn over them, as on the canvas.
  const drawn = useMemo(() => {
    const byId = new Map(graph.nodes.map((n) => [n.id, n]));
    const depth = (n: GraphNode): number => {
      let d = 0;
      for (let p = n.parent; p && byId.has(p); p = byId.get(p)?.parent) d++;
      return d;
    };
    return graph.nodes.filter((n) => boxes[n.id]).sort((a, b) => depth(a) - depth(b));
  }, [graph.nodes, boxes]);
  const members = useMemo(() => childrenOf(graph.nodes), [graph.nodes]);
  const counts = useMemo(() => memberCounts(graph), [graph]);

  return (
    <div
      ref={pane}
      data-testid="canvas-preview"
      aria-busy="true"
      aria-label="The org's canvas, loading"
      role="img"
      className="absolute inset-0 overflow-hidden"
    >
      {view && (
        <div
          className="absolute left-0 top-0 origin-top-left"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
        >
          {drawn.map((n) => {
            const box = boxes[n.id];
            const hasMembers = !!members.get(n.id)?.length;
            const open = hasMembers && !collapsed.has(n.id);
            return (
              <div
                key={n.id}
                className={`absolute ${NODE_FRAME} ${nodeSkin(n.kind, open)}`}
                style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
              >
                <NodeLines
                  kind={n.kind}
                  name={n.label}
                  line={nodeSecondLine(n, hasMembers ? countText(counts.get(n.id)) : undefined)}
                  chevron={hasMembers}
                />
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
