import type { Result } from "@/schemas/result";

// Git cannot re-include a path below an excluded folder, so a rule that ignores the whole project
// folder becomes "everything inside it" (`<dir>/*`) followed by `!<dir>/<entry>` for each entry the
// studio writes there: folders end in `/`, files do not.

export type ReincludeInput = {
  /** The ignore file's text, as read. */
  text: string;
  /** The 1-based line git reported as the rule that ignores the tier. */
  line: number;
  /** The project folder seen from the ignore file's folder, `/`-separated: `.construct`, `app/.cx`. */
  dirRel: string;
  /** What inside the project folder must stay visible to git: `org/`, `packs.json`. */
  entries: readonly string[];
};

export type Reinclude = Result<{ text: string }, { code: "unsafe-rule" | "no-such-line" }>;

type Line = { body: string; eol: string };

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let at = 0;
  while (at < text.length) {
    const nl = text.indexOf("\n", at);
    if (nl === -1) {
      out.push({ body: text.slice(at), eol: "" });
      break;
    }
    const cr = nl > at && text[nl - 1] === "\r";
    out.push({ body: text.slice(at, cr ? nl - 1 : nl), eol: cr ? "\r\n" : "\n" });
    at = nl + 1;
  }
  return out;
}

/** Git drops unescaped trailing spaces; a leading BOM is not part of the first pattern. */
function patternOf(body: string, first: boolean): string {
  const text = first && body.startsWith("\uFEFF") ? body.slice(1) : body;
  return text.replace(/(?<!\\)[ \t]+$/, "");
}

type Shape = { anchor: "" | "/"; name: string; deep: "" | "/*" | "/**" };

/** `[/|**​/]<name>[/|/*|/**]` with a glob-free name; anything else is not ours to rewrite. */
function shapeOf(pattern: string): Shape | null {
  if (!pattern || pattern.startsWith("#") || pattern.startsWith("!")) return null;
  let rest = pattern;
  let anchor: Shape["anchor"] = "";
  let anywhere = false;
  if (rest.startsWith("**/")) {
    rest = rest.slice(3);
    anywhere = true;
  } else if (rest.startsWith("/")) {
    rest = rest.slice(1);
    anchor = "/";
  }
  let deep: Shape["deep"] = "";
  if (rest.endsWith("/**")) deep = "/**";
  else if (rest.endsWith("/*")) deep = "/*";
  rest = rest.slice(0, rest.length - deep.length).replace(/\/$/, "");
  if (!rest || /[*?[\]\\]/.test(rest) || rest.split("/").some((s) => s === "" || s === "." || s === "..")) return null;
  // A name with no inner slash matches at any depth unless anchored; `**/` says the same.
  if (anywhere && rest.includes("/")) return null;
  return { anchor, name: rest, deep };
}

/** Whether the rule names exactly the project folder (or everything in it), seen from the ignore file. */
function namesDir(shape: Shape, dirRel: string): boolean {
  if (shape.name === dirRel) return true;
  const unanchored = !shape.anchor && !shape.name.includes("/");
  return unanchored && dirRel.split("/").at(-1) === shape.name;
}

/** What replaces a rule that hides the tier: the folder's contents, never the folder itself. */
function contentsRule(shape: Shape, dirRel: string): string {
  if (shape.name === dirRel) return `${shape.anchor}${dirRel}/*`;
  // The rule hid every folder of that name at any depth: it keeps doing so for the others.
  return `**/${shape.name}/*`;
}

const joined = (...parts: string[]) => parts.filter(Boolean).join("/");

export function reincludeRule(dirRel: string, entry: string): string {
  return `!${joined(dirRel, entry)}`;
}

/** `!a/b/`, `!a/b`, `!/a/b/` and `!/a/b` re-include the same folder. */
const sameNegation = (a: string, b: string) =>
  a.replace(/^!\//, "!").replace(/\/$/, "") === b.replace(/^!\//, "!").replace(/\/$/, "");

/**
 * The ignore file with every rule that hides the project folder turned into one that hides only its
 * contents, and each entry re-included after the last of them. Other lines, and every line ending,
 * stay as they are.
 */
export function reincludeTier(input: ReincludeInput): Reinclude {
  const lines = splitLines(input.text);
  const reported = lines[input.line - 1];
  if (!reported)
    return {
      ok: false,
      code: "no-such-line",
      message: `the file has no line ${input.line}; it changed since git read it`,
    };
  const reportedShape = shapeOf(patternOf(reported.body, input.line === 1));
  if (!reportedShape || !namesDir(reportedShape, input.dirRel))
    return {
      ok: false,
      code: "unsafe-rule",
      message: `line ${input.line} (${JSON.stringify(reported.body.trim())}) is not a rule the studio can rewrite safely`,
    };
  let last = -1;
  const out = lines.map((line, i) => {
    const shape = shapeOf(patternOf(line.body, i === 0));
    if (!shape || !namesDir(shape, input.dirRel)) return line;
    last = i;
    if (shape.deep === "/*") return line;
    const bom = i === 0 && line.body.startsWith("\uFEFF") ? "\uFEFF" : "";
    return { body: `${bom}${contentsRule(shape, input.dirRel)}`, eol: line.eol };
  });
  const after = out.slice(last + 1).map((line) => patternOf(line.body, false));
  const missing = input.entries
    .map((entry) => reincludeRule(input.dirRel, entry))
    .filter((negation) => !after.some((pattern) => sameNegation(pattern, negation)));
  if (missing.length) {
    const eol = out[last].eol || out.find((l) => l.eol)?.eol || "\n";
    const added = missing.map((negation, i) => ({
      body: reportedShape.anchor ? `!/${negation.slice(1)}` : negation,
      // The last line keeps the file's own ending (none, when the file ended without one).
      eol: i === missing.length - 1 ? out[last].eol : eol,
    }));
    out[last] = { ...out[last], eol };
    out.splice(last + 1, 0, ...added);
  }
  return { ok: true, text: out.map((l) => l.body + l.eol).join("") };
}

/** The lines to add by hand after a rule the studio will not rewrite (another file, or a broad glob). */
export function handFix(dirRel: string, entries: readonly string[], hidesDir: boolean): string[] {
  const negations = entries.map((entry) => `!/${joined(dirRel, entry)}`);
  return hidesDir && dirRel ? [`!/${dirRel}/`, `/${dirRel}/*`, ...negations] : negations;
}
