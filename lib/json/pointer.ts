/**
 * JSON pointers (RFC 6901) as every FieldError carries them: a `#` then `/`-separated segments,
 * each with `~` written `~0` and `/` written `~1`. Building, parsing and matching live here so no
 * caller compares pointer strings by hand: a hand-made ``startsWith(`#/workflows/${id}`)`` also
 * matched `#/workflows/${id}-2`, which is why matching goes segment by segment.
 */

export type PointerSegment = string | number;

export function escapePointerSegment(segment: PointerSegment): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerSegment(segment: string): string {
  // `~1` first, so `~01` (an escaped `~1`) becomes `~1`, not `/`.
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** `buildPointer("workflows", "ops", "embed")` → `#/workflows/ops/embed`; no segments → `#` (the whole document). */
export function buildPointer(...segments: readonly PointerSegment[]): string {
  return `#${segments.map((s) => `/${escapePointerSegment(s)}`).join("")}`;
}

/** Splits a pointer (with or without its leading `#`) back into unescaped segments. */
export function parsePointer(pointer: string): string[] {
  const body = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  if (body === "") return [];
  // A body not starting with `/` is not a pointer; read it as one segment rather than guess.
  return (body.startsWith("/") ? body.slice(1) : body).split("/").map(unescapePointerSegment);
}

/**
 * Whether `pointer` names `prefix` itself or something inside it, comparing whole segments:
 * `#/workflows/ops/embed` is under `#/workflows/ops`, `#/workflows/ops-2` is not.
 * `prefix` may be a pointer string or its segments.
 */
export function isAtOrUnder(pointer: string, prefix: string | readonly PointerSegment[]): boolean {
  const want = typeof prefix === "string" ? parsePointer(prefix) : prefix.map(String);
  const have = parsePointer(pointer);
  if (have.length < want.length) return false;
  return want.every((segment, i) => have[i] === segment);
}
