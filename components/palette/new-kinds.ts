import { type EntityKind, isWritableKind } from "@/schemas/kinds";

/** What the palette's "New …" offers: every kind the studio writes among the project's kinds. */
export const newKindsOf = (kinds: readonly EntityKind[]): EntityKind[] => kinds.filter(isWritableKind);

/** The header's New menu: a policy is made from the palette only. */
export const newMenuKinds = (kinds: readonly EntityKind[]): EntityKind[] =>
  newKindsOf(kinds).filter((kind) => kind !== "policy");
