import { type EntityKind, type Generation, isWritableKind, kindsOf } from "@/schemas/kinds";

/** What the palette's "New …" offers: every kind the studio writes in this project's generation. */
export const newKindsOf = (generation: Generation): EntityKind[] => kindsOf(generation).filter(isWritableKind);

/** The header's New menu: a policy is made from the palette only. */
export const newMenuKinds = (generation: Generation): EntityKind[] =>
  newKindsOf(generation).filter((kind) => kind !== "policy");
