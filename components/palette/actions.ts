import type { SearchItem } from "@/lib/palette/search";
import { type PageHref, pageName } from "@/lib/shell/pages";
import { EDGE_KIND_SPECS, EDGE_KINDS, type GraphEdgeKind } from "@/schemas/edge-kinds";
import type { EntityKind } from "@/schemas/kinds";

/** An action the palette runs: a search item with something to do. */
export type PaletteAction = SearchItem & { run: () => void; hint?: string };

/** What the editor lets the palette do; each action below calls one of these. */
export type PaletteCommands = {
  /** The kinds "New …" offers: the writable kinds of the project's generation. */
  newKinds: readonly EntityKind[];
  newRecord: (kind: EntityKind) => void;
  route: () => void;
  exportOrg: () => void;
  importOrg: () => void;
  visibleKinds: ReadonlySet<GraphEdgeKind>;
  toggleKind: (kind: GraphEdgeKind) => void;
  theme: "light" | "dark";
  toggleTheme: () => void;
  navigate: (href: string) => void;
  foldAllTeams: () => void;
  unfoldAll: () => void;
  /** The open or selected record the studio may delete, through the one delete dialog; null when none. */
  deleteCurrent: { kind: EntityKind; id: string; run: () => void } | null;
};

export const ACTIONS = "Actions";

/** The pages besides the editor, by the names the header gives them, found by the words of what they hold. */
const PAGE_WORDS: Record<Exclude<PageHref, "/">, string> = {
  "/list": "list table all records problems filter",
  "/changes": "changes plan diff head revision",
  "/tests": "tests routing cases run failures",
  "/packs": "packs install enable",
  "/embed": "embed capabilities dry run",
  "/activity": "activity audit trail agents dispatches breaches chain",
};
const PAGES = Object.entries(PAGE_WORDS).map(([href, text]) => ({
  href,
  title: `Open ${pageName(href as PageHref)}`,
  text,
}));

/** Every action the palette offers, with the words it is found by. `openShortcuts` shows the sheet. */
export function paletteActions(c: PaletteCommands, openShortcuts: () => void): PaletteAction[] {
  const action = (id: string, name: string, text: string, run: () => void, hint?: string): PaletteAction => ({
    key: `action:${id}`,
    group: ACTIONS,
    id,
    name,
    text,
    run,
    ...(hint ? { hint } : {}),
  });
  return [
    ...c.newKinds.map((kind) => action(`new-${kind}`, `New ${kind}`, `create add ${kind}`, () => c.newRecord(kind))),
    action("route", "Route…", "routing preview rank specialists request", c.route),
    action("export", "Export the project tier", "export download json", c.exportOrg),
    action("import", "Import…", "import upload json file", c.importOrg),
    ...EDGE_KINDS.map((kind) => {
      const title = EDGE_KIND_SPECS[kind].title;
      const shown = c.visibleKinds.has(kind);
      return action(
        `toggle-${kind}`,
        `${shown ? "Hide" : "Show"} ${title.toLowerCase()} edges`,
        `layer toggle legend edges ${kind}`,
        () => c.toggleKind(kind),
      );
    }),
    ...(c.deleteCurrent
      ? [
          action(
            "delete",
            `Delete ${c.deleteCurrent.kind} ${c.deleteCurrent.id}…`,
            "delete remove record selected",
            c.deleteCurrent.run,
          ),
        ]
      : []),
    action("fold-all", "Fold all teams", "fold collapse close teams boxes members overview", c.foldAllTeams),
    action("unfold-all", "Unfold all", "unfold expand open all teams groups boxes members", c.unfoldAll),
    action(
      "theme",
      c.theme === "dark" ? "Switch to the light theme" : "Switch to the dark theme",
      "theme dark light mode colours",
      c.toggleTheme,
    ),
    ...PAGES.map((p) =>
      action(`open${p.href.replace("/", "-")}`, p.title, `${p.href} page ${p.text}`, () => c.navigate(p.href)),
    ),
    action("shortcuts", "Keyboard shortcuts", "help keys shortcut sheet ?", openShortcuts, "?"),
  ];
}
