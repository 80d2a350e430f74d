import type { GraphNodeKind } from "@/schemas/graph";

// One look for the canvas's nodes and the first view's picture (canvas-preview.tsx), so the two cannot
// drift. Nothing here may import React Flow, or the picture would wait for it.

export const NODE_FRAME = "rounded-lg border px-3 py-2 text-left shadow-sm";

type Look = {
  /** A specialist or party, or a team or group folded to a card (or holding no members). */
  card: string;
  open?: string;
  name: string;
  line: string;
};

const NAME = "truncate pr-3 text-sm font-semibold";
const LINE = "truncate text-[11px]";

export const NODE_LOOK: Record<GraphNodeKind, Look> = {
  specialist: {
    card: "border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-800",
    name: `${NAME} text-slate-900 dark:text-slate-100`,
    line: `${LINE} font-mono text-slate-500 dark:text-slate-400`,
  },
  team: {
    card: "border-sky-300 bg-sky-50 shadow-md dark:border-sky-800 dark:bg-sky-950",
    open: "border-sky-300 bg-sky-50/60 dark:border-sky-700 dark:bg-sky-950/50",
    name: `${NAME} text-sky-900 dark:text-sky-200`,
    line: `${LINE} text-sky-700 dark:text-sky-300`,
  },
  group: {
    card: "border-indigo-300 bg-indigo-50 shadow-md dark:border-indigo-800 dark:bg-indigo-950",
    open: "border-indigo-300 bg-indigo-50/40 dark:border-indigo-700 dark:bg-indigo-950/40",
    name: `${NAME} text-indigo-900 dark:text-indigo-200`,
    line: `${LINE} text-indigo-700 dark:text-indigo-300`,
  },
  party: {
    card: "rounded-full border-dashed border-slate-400 bg-slate-100 text-center dark:border-slate-500 dark:bg-slate-900",
    name: "text-sm font-semibold text-slate-700 dark:text-slate-200",
    line: "text-[11px] text-slate-600 dark:text-slate-300",
  },
};

export function nodeSkin(kind: GraphNodeKind, open: boolean): string {
  const look = NODE_LOOK[kind];
  return open && look.open ? look.open : look.card;
}

/** `memberText` is what a team or group holds ("2 teams · 9 specialists"), undefined when nothing. */
export function nodeSecondLine(
  node: { kind: GraphNodeKind; entityId: string; sublabel?: string | null },
  memberText: string | undefined,
): string {
  const sublabel = node.sublabel ?? "";
  if (node.kind === "specialist") return `${node.entityId} · ${sublabel}`;
  if (node.kind === "team") return `team · ${memberText ?? "no members"} · ${sublabel}`;
  if (node.kind === "group") return `group · ${memberText ?? sublabel}`;
  return sublabel;
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
  const look = NODE_LOOK[kind];
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
