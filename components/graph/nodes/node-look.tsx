import { type GraphNodeKind, nodeSpec } from "@/schemas/node-kinds";

// One look (each kind's spec) for the canvas's nodes and the first view's picture (canvas-preview.tsx),
// so the two cannot drift. Nothing here may import React Flow, or the picture would wait for it.

export const NODE_FRAME = "rounded-lg border px-3 py-2 text-left shadow-sm";

export function nodeSkin(kind: GraphNodeKind, open: boolean): string {
  const look = nodeSpec(kind).look;
  return open && look.open ? look.open : look.card;
}

/** `memberText` is what a team or group holds ("2 teams · 9 specialists"), undefined when nothing. */
export function nodeSecondLine(
  node: { kind: GraphNodeKind; entityId: string; sublabel?: string | null },
  memberText: string | undefined,
): string {
  return nodeSpec(node.kind).line(node, memberText);
}

/** A team or group holding members leaves room for its fold chevron, in the picture too, so nothing moves. */
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
