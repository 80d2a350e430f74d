/**
 * Every kind of node the graph holds and how it is drawn: its size (lib/graph lays boxes out
 * with it), its name, and its look, shared by the canvas's node views and the picture of the
 * first view painted before React Flow loads (components/graph/nodes/node-look.tsx). Plain
 * strings and Tailwind classes: the editor's first load reads it.
 */

type Look = {
  /** A specialist or party, or a team or group folded to a card (or holding no members). */
  card: string;
  /** A team or group box drawn open around its members. */
  open?: string;
  /** The first line (the name) and the second (what it is, what it holds). */
  name: string;
  line: string;
};

export type NodeKindSpec = {
  /** How the canvas names the kind to a screen reader ("Team Platform"). */
  label: string;
  size: { width: number; height: number };
  /** A folded container's width when its kind's is too narrow to say what it holds whole. */
  foldedWidth?: number;
  look: Look;
  /** The React Flow node type (React Flow reserves "group" for its own sub-flows). */
  flowType: string;
  /** A card, or a box that holds members and folds. */
  view: "card" | "box";
  /** Whether a handoff may be drawn from and to it. */
  connectable: boolean;
  /** The second line, given what a container holds ("2 teams · 9 specialists"), if anything. */
  line: (node: { entityId: string; sublabel?: string | null }, memberText: string | undefined) => string;
  /** What a node stands for, by entity id, as its name's tooltip says. */
  help?: Readonly<Record<string, string>>;
};

const NAME = "truncate pr-3 text-sm font-semibold";
const LINE = "truncate text-[11px]";

export const NODE_KIND_SPECS = {
  specialist: {
    label: "Specialist",
    size: { width: 200, height: 64 },
    look: {
      card: "border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-800",
      name: `${NAME} text-slate-900 dark:text-slate-100`,
      line: `${LINE} font-mono text-slate-500 dark:text-slate-400`,
    },
    flowType: "specialist",
    view: "card",
    connectable: true,
    line: (n) => `${n.entityId} · ${n.sublabel ?? ""}`,
  },
  team: {
    label: "Team",
    size: { width: 210, height: 56 },
    look: {
      card: "border-sky-300 bg-sky-50 shadow-md dark:border-sky-800 dark:bg-sky-950",
      open: "border-sky-300 bg-sky-50/60 dark:border-sky-700 dark:bg-sky-950/50",
      name: `${NAME} text-sky-900 dark:text-sky-200`,
      line: `${LINE} text-sky-700 dark:text-sky-300`,
    },
    flowType: "team",
    view: "box",
    connectable: false,
    line: (n, members) => `team · ${members ?? "no members"} · ${n.sublabel ?? ""}`,
  },
  group: {
    label: "Group",
    size: { width: 220, height: 56 },
    // "group · 10 teams · 100 specialists" read whole, not cut to "100 speci…".
    foldedWidth: 272,
    look: {
      card: "border-indigo-300 bg-indigo-50 shadow-md dark:border-indigo-800 dark:bg-indigo-950",
      open: "border-indigo-300 bg-indigo-50/40 dark:border-indigo-700 dark:bg-indigo-950/40",
      name: `${NAME} text-indigo-900 dark:text-indigo-200`,
      line: `${LINE} text-indigo-700 dark:text-indigo-300`,
    },
    flowType: "org-group",
    view: "box",
    connectable: false,
    line: (n, members) => `group · ${members ?? n.sublabel ?? ""}`,
  },
  "worker-profile": {
    label: "Worker profile",
    size: { width: 200, height: 64 },
    look: {
      card: "border-emerald-300 bg-white dark:border-emerald-700 dark:bg-slate-800",
      name: `${NAME} text-slate-900 dark:text-slate-100`,
      line: `${LINE} font-mono text-emerald-700 dark:text-emerald-300`,
    },
    flowType: "worker-profile",
    view: "card",
    connectable: false,
    line: (n) => `${n.entityId} · ${n.sublabel ?? ""}`,
  },
  // Construct 2.x has no teams: its worker profiles are boxed by the tier that holds their file.
  tier: {
    label: "Tier",
    size: { width: 240, height: 56 },
    look: {
      card: "border-slate-300 bg-slate-100 shadow-md dark:border-slate-700 dark:bg-slate-900",
      open: "border-slate-300 bg-slate-100/60 dark:border-slate-700 dark:bg-slate-900/50",
      name: `${NAME} text-slate-800 dark:text-slate-200`,
      line: `${LINE} text-slate-600 dark:text-slate-300`,
    },
    flowType: "tier",
    view: "box",
    connectable: false,
    line: (n, members) => `${members ?? "no members"} · ${n.sublabel ?? ""}`,
    help: {
      builtin:
        "The installed Construct package's registry: read-only; a custom profile with the same id replaces one whole",
      pack: "Worker profiles enabled packs contribute: read-only",
      user: "Your custom worker profiles, in ~/.construct/org/worker-profiles/",
      project: "This project's custom worker profiles, in .construct/org/worker-profiles/",
    },
  },
  party: {
    label: "Party",
    size: { width: 130, height: 44 },
    look: {
      card: "rounded-full border-dashed border-slate-400 bg-slate-100 text-center dark:border-slate-500 dark:bg-slate-900",
      name: "text-sm font-semibold text-slate-700 dark:text-slate-200",
      line: "text-[11px] text-slate-600 dark:text-slate-300",
    },
    flowType: "party",
    view: "card",
    connectable: false,
    line: (n) => n.sublabel ?? "",
    help: {
      user: "user: the person using Construct — a contract's producer or consumer outside the org",
      construct: "construct: the Construct runtime itself, which routes work into the org",
      "*": "any: a contract any producer may fulfil",
    },
  },
} as const satisfies Record<string, NodeKindSpec>;

export type GraphNodeKind = keyof typeof NODE_KIND_SPECS;
export const NODE_KINDS = Object.keys(NODE_KIND_SPECS) as [GraphNodeKind, ...GraphNodeKind[]];
export type FlowNodeType = (typeof NODE_KIND_SPECS)[GraphNodeKind]["flowType"];

export const nodeSpec = (kind: GraphNodeKind): NodeKindSpec => NODE_KIND_SPECS[kind];
