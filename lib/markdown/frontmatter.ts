import { parse as parseYaml } from "yaml";

/**
 * Construct's rule (`---` at byte 0, then a line end) plus what hand-edited files carry: a BOM, CRLF
 * and leading HTML comments. A leading blank line, spaces or CR-only line ends are refused, as there.
 */
export type Frontmatter =
  | { ok: true; data: Record<string, unknown>; body: string }
  | { ok: false; reason: "none" | "unterminated" | "yaml" | "not-a-mapping"; message: string; body: string };

const LEADING_COMMENTS = /^(?:<!--[\s\S]*?-->\s*)*/;

export function parseFrontmatter(source: string): Frontmatter {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  const start = text.replace(LEADING_COMMENTS, "");
  if (!start.startsWith("---\n"))
    return { ok: false, reason: "none", message: "no YAML frontmatter (--- … ---) at the top", body: text };
  const end = start.indexOf("\n---", 3);
  if (end < 0) return { ok: false, reason: "unterminated", message: "the frontmatter has no closing ---", body: text };
  const yamlText = start.slice(4, end + 1);
  const body = start.slice(end + 4).replace(/^[^\n]*\n?/, "");
  let data: unknown;
  try {
    data = parseYaml(yamlText, { prettyErrors: false, maxAliasCount: 50 });
  } catch (error) {
    return {
      ok: false,
      reason: "yaml",
      message: `the frontmatter is not valid YAML: ${(error as Error).message.split("\n")[0]}`,
      body,
    };
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    return {
      ok: false,
      reason: "not-a-mapping",
      message: "the frontmatter must be a YAML mapping (key: value lines)",
      body,
    };
  }
  return { ok: true, data: data as Record<string, unknown>, body };
}

/** Every prompt file's frontmatter must parse and name the specialist's `role`. */
export function promptRole(source: string): { ok: true; role: string } | { ok: false; message: string } {
  const front = parseFrontmatter(source);
  if (!front.ok) return { ok: false, message: front.message };
  const role = front.data.role;
  return typeof role === "string" && role
    ? { ok: true, role }
    : { ok: false, message: 'the frontmatter does not name a "role"' };
}
