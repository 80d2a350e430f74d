// RFC 6901 pointers, matched segment by segment: a string prefix `#/workflows/ops` also matches `#/workflows/ops-2`.

export type PointerSegment = string | number;

export function escapePointerSegment(segment: PointerSegment): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerSegment(segment: string): string {
  // `~1` first, so an escaped `~01` becomes `~1`, not `/`.
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function buildPointer(...segments: readonly PointerSegment[]): string {
  return `#${segments.map((s) => `/${escapePointerSegment(s)}`).join("")}`;
}

export function parsePointer(pointer: string): string[] {
  const body = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  if (body === "") return [];
  // Not starting with `/`: one segment rather than a guess.
  return (body.startsWith("/") ? body.slice(1) : body).split("/").map(unescapePointerSegment);
}

export function isAtOrUnder(pointer: string, prefix: string | readonly PointerSegment[]): boolean {
  const want = typeof prefix === "string" ? parsePointer(prefix) : prefix.map(String);
  const have = parsePointer(pointer);
  if (have.length < want.length) return false;
  return want.every((segment, i) => have[i] === segment);
}
