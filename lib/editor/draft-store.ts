import type { EntityKind, EntityRecord } from "@/schemas/kinds";
import type { FieldConflict } from "./drafts";

// Local storage, so a reload, a closed tab or a crashed browser never loses typed work; passed in, so no I/O here.
/**
 * `conflicts`: fields both the draft and a newer file changed, still to be settled when the draft was left.
 * `brokenText`: the JSON tab's text when it did not parse, kept as typed; `draft` is then the last text that did.
 */
export type StoredDraft = {
  origin: EntityRecord;
  originEtag: string | null;
  draft: EntityRecord;
  conflicts?: FieldConflict[];
  brokenText?: string;
};
export type PanelRef = { kind: EntityKind; id: string | null };
type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Keyed by the project's root, so two projects served in turn on one port never see each other's drafts. */
const prefixOf = (root: string) => `construct-studio:${root}:`;

function read<T>(store: Store, key: string): T | null {
  try {
    const text = store.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export const draftStore = (store: Store, root: string) => {
  const keyOf = (t: PanelRef) => `${prefixOf(root)}draft:${t.kind}:${t.id ?? ""}`;
  const PANEL = `${prefixOf(root)}panel`;
  return {
    get: (t: PanelRef) => read<StoredDraft>(store, keyOf(t)),
    put(t: PanelRef, value: StoredDraft) {
      try {
        store.setItem(keyOf(t), JSON.stringify(value));
      } catch {
        // A full storage keeps the draft in memory only; the panel still asks before dropping it.
      }
    },
    drop: (t: PanelRef) => store.removeItem(keyOf(t)),
    openPanel: () => read<PanelRef>(store, PANEL),
    setOpenPanel(t: PanelRef | null) {
      if (t) store.setItem(PANEL, JSON.stringify(t));
      else store.removeItem(PANEL);
    },
  };
};

let project = "";

/** The editor names its project once, before any panel reads a draft. */
export function setDraftsProject(root: string) {
  project = root;
}

/** This project's drafts; a no-op store where there is none (server render). */
export function projectDrafts() {
  const none: Store = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  return draftStore(typeof localStorage === "undefined" ? none : localStorage, project);
}
