import type { Graph, GraphNode } from "@/schemas/graph";
import type { Position } from "./geometry";
import { layoutGraph } from "./layout";
import { keepPlaces } from "./place";
import { separated } from "./separate";

type Places = Readonly<Record<string, Position>>;

/** Where the boxes are asked to be: the packed layout, under the places held for records just added, under the saved positions. */
export function wantedPositions(base: Places, held: Places, saved: Places | undefined): Places {
  return { ...base, ...held, ...saved };
}

/**
 * What the canvas draws: the wanted positions with every box set apart. A layout file saved with
 * boxes over each other opens repaired, and the file is left as it was: only the user's own moves
 * and adds write it.
 */
export function drawnPositions(nodes: readonly GraphNode[], collapsed: ReadonlySet<string>, wanted: Places): Places {
  return separated(nodes, wanted, collapsed);
}

/**
 * When the org gains records: every box drawn stays where it was drawn, each new one takes a free
 * place among its team's members, and where a container grows over a neighbour the neighbour makes
 * room. Returns the positions to hold (and, for the user's own add, to save).
 */
export function placesForAdded(graph: Graph, collapsed: ReadonlySet<string>, shown: Places, saved: Places): Places {
  const next = { ...layoutGraph(graph.nodes, graph.edges, {}, collapsed), ...saved };
  const held = keepPlaces(graph.nodes, shown, next);
  const wanted = { ...next, ...held };
  const apart = separated(graph.nodes, wanted, collapsed);
  const out: Record<string, Position> = { ...held };
  for (const [id, at] of Object.entries(apart)) if (differs(at, wanted[id])) out[id] = at;
  return out;
}

/**
 * What a drop saves: the dropped boxes where they were dropped, and every box drawn elsewhere than
 * the layout under it says (those making room now, and those set apart before), so the file holds
 * the drawing the user sees. `wanted` is what the canvas drew before setting boxes apart.
 */
export function placesForMove(
  nodes: readonly GraphNode[],
  collapsed: ReadonlySet<string>,
  wanted: Places,
  drawn: Places,
  moved: Places,
): Record<string, Position> {
  const apart = separated(nodes, { ...drawn, ...moved }, collapsed, Object.keys(moved));
  const out: Record<string, Position> = { ...moved };
  for (const [id, at] of Object.entries(apart)) if (!moved[id] && differs(at, wanted[id])) out[id] = at;
  return out;
}

const differs = (a: Position, b: Position | undefined) => !b || a.x !== b.x || a.y !== b.y;
