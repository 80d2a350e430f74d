"use client";

import { type CSSProperties, type ReactNode, useLayoutEffect, useMemo, useRef, useState } from "react";
import { NODE_FRAME, NodeLines, nodeSecondLine, nodeSkin } from "@/components/graph/nodes/node-look";
import { countText, memberCounts } from "@/lib/graph/collapse";
import { type CssFit, cssFit, fitViewport } from "@/lib/graph/fit-view";
import { childrenOf, nodeBoxes, type Position, type Rect } from "@/lib/graph/geometry";
import { edgeColor } from "@/schemas/edge-kinds";
import type { FoldedView, Graph, GraphNode } from "@/schemas/graph";
import { useEditor } from "./editor-store";

type Picture = {
  nodes: readonly GraphNode[];
  boxes: Readonly<Record<string, Rect>>;
  /** A container's member text; undefined for a node holding nothing. */
  members: (id: string) => string | undefined;
  collapsed: ReadonlySet<string>;
  sums?: FoldedView["sums"];
};

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
  const boxes = useMemo(() => nodeBoxes(graph.nodes, positions, collapsed), [graph.nodes, positions, collapsed]);
  const members = useMemo(() => {
    const held = childrenOf(graph.nodes);
    const counts = memberCounts(graph);
    return (id: string) => (held.get(id)?.length ? countText(counts.get(id)) : undefined);
  }, [graph]);
  return <PreviewPicture nodes={graph.nodes} boxes={boxes} members={members} collapsed={collapsed} />;
}

/** A big org's folded first view as the server sent it, with its summed relationships, until the org loads. */
export function FoldedPreview({ view }: { view: FoldedView }) {
  const visibleKinds = useEditor((s) => s.visibleKinds);
  const collapsed = useMemo(() => new Set(view.collapsed), [view.collapsed]);
  const sums = useMemo(() => view.sums.filter((s) => visibleKinds.has(s.kind)), [view.sums, visibleKinds]);
  return (
    <PreviewPicture
      nodes={view.nodes}
      boxes={view.boxes}
      members={(id) => view.members[id]}
      collapsed={collapsed}
      sums={sums}
    />
  );
}

function PreviewPicture({ nodes, boxes, members, collapsed, sums }: Picture) {
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

  const view = useMemo(() => (size ? fitViewport(Object.values(boxes), size.width, size.height) : null), [boxes, size]);
  // Containers first, so their members are drawn over them, as on the canvas.
  const drawn = useMemo(() => {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const depth = (n: GraphNode): number => {
      let d = 0;
      for (let p = n.parent; p && byId.has(p); p = byId.get(p)?.parent) d++;
      return d;
    };
    return nodes.filter((n) => boxes[n.id]).sort((a, b) => depth(a) - depth(b));
  }, [nodes, boxes]);

  const fitted = useMemo(() => (view ? null : cssFit(Object.values(boxes))), [view, boxes]);
  const picture = (
    <>
      {drawn.map((n) => {
        const box = boxes[n.id];
        const memberText = members(n.id);
        const open = !!memberText && !collapsed.has(n.id);
        return (
          <div
            key={n.id}
            data-box=""
            className={`absolute ${NODE_FRAME} ${nodeSkin(n.kind, open)}`}
            style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
          >
            <NodeLines kind={n.kind} name={n.label} line={nodeSecondLine(n, memberText)} chevron={!!memberText} />
          </div>
        );
      })}
    </>
  );

  return (
    <div
      ref={pane}
      data-testid="canvas-preview"
      aria-busy="true"
      aria-label="The org's canvas, loading"
      role="img"
      className="@container absolute inset-0 overflow-hidden"
    >
      {view && (
        <div
          className="absolute left-0 top-0 origin-top-left"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
        >
          {sums && (
            <svg className="absolute left-0 top-0 overflow-visible" width={1} height={1} aria-hidden="true">
              <SumLines sums={sums} boxes={boxes} />
            </svg>
          )}
          {picture}
        </div>
      )}
      {fitted && <FittedByCss fit={fitted} lines={sums && <SumLines sums={sums} boxes={boxes} />} picture={picture} />}
    </div>
  );
}

/**
 * The picture in the server's HTML, before the pane's size is known: the browser fits it as
 * `fitViewport` would (an SVG `meet` fit inside the padding, its size held between the zoom's limits),
 * so the first view shows as the HTML arrives. Once measured, the exact viewport takes over.
 */
function FittedByCss({ fit, lines, picture }: { fit: CssFit; lines: ReactNode; picture: ReactNode }) {
  const { viewBox: b } = fit;
  return (
    <div className="absolute flex items-center justify-center" style={{ inset: fit.inset }}>
      <svg
        viewBox={`${b.x} ${b.y} ${b.width} ${b.height}`}
        preserveAspectRatio="xMidYMid meet"
        // The least size by the pane's width: `@max-[768px]` is `NARROW_PANE_PX`, as `firstFit` has it.
        className="h-full min-h-(--least-h) w-full min-w-(--least-w) flex-none overflow-visible @max-[768px]:min-h-(--narrow-least-h) @max-[768px]:min-w-(--narrow-least-w)"
        style={
          {
            "--least-w": `${fit.min.width}px`,
            "--least-h": `${fit.min.height}px`,
            "--narrow-least-w": `${fit.narrowMin.width}px`,
            "--narrow-least-h": `${fit.narrowMin.height}px`,
            maxWidth: fit.max.width,
            maxHeight: fit.max.height,
          } as CSSProperties
        }
        aria-hidden="true"
      >
        {lines}
        <foreignObject x={b.x} y={b.y} width={b.width} height={b.height} className="overflow-visible">
          {/* Boxes keep the org's coordinates: this layer starts where the bounds do. */}
          <div className="relative" style={{ left: -b.x, top: -b.y }}>
            {picture}
          </div>
        </foreignObject>
      </svg>
    </div>
  );
}

const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/** Summed relationships as straight lines between box centres, thicker as they carry more. */
function SumLines({ sums, boxes }: { sums: FoldedView["sums"]; boxes: Readonly<Record<string, Rect>> }) {
  return sums.map((s) => {
    const [a, b] = [centre(boxes[s.source]), centre(boxes[s.target])];
    return (
      <line
        key={`${s.kind}|${s.source}|${s.target}`}
        x1={a.x}
        y1={a.y}
        x2={b.x}
        y2={b.y}
        style={{ stroke: edgeColor(s.kind), strokeWidth: 2 + Math.log2(s.count), strokeOpacity: 0.6 }}
      />
    );
  });
}
