import type { EntityKind, EntityRecord } from "@/schemas/kinds";

// Session storage, so a reload or a crashed page never loses typed work; passed in, so no I/O here.
export type StoredDraft = { origin: EntityRecord; originEtag: string | null; draft: EntityRecord };
export type PanelRef = { kind: EntityKind; id: string | null };
type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const PREFIX = "construct-studio:draft:";
const PANEL = "construct-studio:panel";
const keyOf = (t: PanelRef) => `${PREFIX}${t.kind}:${t.id ?? ""}`;

function read<T>(store: Store, key: string): T | null {
  try {
    const text = store.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export const draftStore = (store: Store) => ({
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
});

/** A no-op store where there is none (server render). */
export function sessionDrafts() {
  const none: Store = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  return draftStore(typeof sessionStorage === "undefined" ? none : sessionStorage);
}
