"use client";

import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { countText, memberCounts } from "@/lib/graph/collapse";
import { fitViewport } from "@/lib/graph/fit-view";
import { childrenOf, nodeBoxes, type Position } from "@/lib/graph/geometry";
import type { Graph, GraphNode, GraphNodeKind } from "@/schemas/graph";

/** Each kind's look on the canvas (components/graph/nodes/*): [open box or card, name, second line]. */
const LOOK: Record<GraphNodeKind, { card: string; open?: string; name: string; line: string }> = {
  specialist: {
    card: "border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-800",
    name: "text-slate-900 dark:text-slate-100",
    line: "font-mono text-slate-500 dark:text-slate-400",
  },
  team: {
    card: "border-sky-300 bg-sky-50 shadow-md dark:border-sky-800 dark:bg-sky-950",
    open: "border-sky-300 bg-sky-50/60 dark:border-sky-700 dark:bg-sky-950/50",
    name: "text-sky-900 dark:text-sky-200",
    line: "text-sky-700 dark:text-sky-300",
  },
  group: {
    card: "border-indigo-300 bg-indigo-50 shadow-md dark:border-indigo-800 dark:bg-indigo-950",
    open: "border-indigo-300 bg-indigo-50/40 dark:border-indigo-700 dark:bg-indigo-950/40",
    name: "text-indigo-900 dark:text-indigo-200",
    line: "text-indigo-700 dark:text-indigo-300",
  },
  party: {
    card: "rounded-full border-dashed border-slate-400 bg-slate-100 text-center dark:border-slate-500 dark:bg-slate-900",
    name: "text-slate-700 dark:text-slate-200",
    line: "text-slate-600 dark:text-slate-300",
  },
};

function secondLine(n: GraphNode, members: boolean, memberText: string): string {
  if (n.kind === "specialist") return `${n.entityId} · ${n.sublabel ?? ""}`;
  if (n.kind === "team") return `team · ${members ? memberText : "no members"} · ${n.sublabel ?? ""}`;
  if (n.kind === "group") return `group · ${members ? memberText : (n.sublabel ?? "")}`;
  return n.sublabel ?? "";
}

/**
 * The canvas's first view as a plain picture, painted while the canvas's own code (React Flow and
 * the node and edge components, about a quarter of the page's script) loads after first paint: the
 * same boxes and labels at the viewport the canvas fits to, so nothing moves when it takes over.
 * Not interactive; `aria-busy` until the canvas replaces it. Relationships come with the canvas.
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
            const look = LOOK[n.kind];
            const hasMembers = !!members.get(n.id)?.length;
            const open = hasMembers && !collapsed.has(n.id);
            return (
              <div
                key={n.id}
                className={`absolute rounded-lg border px-3 py-2 text-left shadow-sm ${open && look.open ? look.open : look.card}`}
                style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
              >
                <div className={`truncate pr-3 text-sm font-semibold ${look.name} ${hasMembers ? "pl-5" : ""}`}>
                  {n.label}
                </div>
                <div className={`truncate text-[11px] ${look.line} ${hasMembers ? "pl-5" : ""}`}>
                  {secondLine(n, hasMembers, countText(counts.get(n.id)))}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
