import { type GraphNodeKind, nodeSpec } from "@/schemas/node-kinds";

/**
 * How each kind of node looks, from its spec (schemas/node-kinds): one definition for the canvas's
 * node views (this folder) and the picture of the first view painted before React Flow loads
 * (components/editor/canvas-preview.tsx), so that the two cannot drift. Plain markup: nothing here
 * may import React Flow, or the picture would wait for it.
 */

/** The frame every node kind shares (the canvas adds its handles and marks, the picture a position). */
export const NODE_FRAME = "rounded-lg border px-3 py-2 text-left shadow-sm";

/** A node's colours: a team or group holding members is an open box unless folded. */
export function nodeSkin(kind: GraphNodeKind, open: boolean): string {
  const look = nodeSpec(kind).look;
  return open && look.open ? look.open : look.card;
}

/**
 * A node's second line. `memberText` is what a team or group holds ("2 teams · 9 specialists"),
 * undefined when it holds nothing.
 */
export function nodeSecondLine(
  node: { kind: GraphNodeKind; entityId: string; sublabel?: string | null },
  memberText: string | undefined,
): string {
  return nodeSpec(node.kind).line(node, memberText);
}

/**
 * A node's two lines of text. A team or group holding members leaves room at the left for its
 * fold chevron (the canvas draws it; the picture leaves the same room, so nothing moves).
 */
export function NodeLines({
  kind,
  name,
  line,
  chevron = false,
  nameTitle,
  lineTestId,
}: {
  kind: GraphNodeKind;
  name: string;
  line: string;
  chevron?: boolean;
  nameTitle?: string;
  lineTestId?: string;
}) {
  const look = nodeSpec(kind).look;
  const indent = chevron ? " pl-5" : "";
  return (
    <>
      <div title={nameTitle} className={look.name + indent}>
        {name}
      </div>
      <div data-testid={lineTestId} className={look.line + indent}>
        {line}
      </div>
    </>
  );
}
