import { applyEdits, type FormattingOptions, findNodeAtLocation, modify, parseTree } from "jsonc-parser";
import { isPlainObject, stringifyRecord } from "./safe-json";
import { sameJson } from "./same-json";

export { sameJson };

const FORMAT: FormattingOptions = { insertSpaces: true, tabSize: 2, eol: "\n" };

type Path = (string | number)[];

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (isPlainObject(value)) {
    const body = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`);
    return body.length ? `{ ${body.join(", ")} }` : "{}";
  }
  return JSON.stringify(value);
}

/**
 * Edits only what differs, so a one-field change is a one-line git diff: keys keep their order and
 * formatting, new top-level keys follow `order`. More changed keys than this are written plainly.
 */
export const MAX_TEXT_EDITS = 64;

export function editJsonText(text: string, next: Record<string, unknown>, order: readonly string[] = []): string {
  const current: unknown = JSON.parse(text);
  if (!isPlainObject(current)) return stringifyRecord(next);
  // Each text edit re-parses the file (quadratic over many keys): past a bound, write plainly.
  const touched =
    Object.keys(current).filter((k) => !Object.hasOwn(next, k) || !sameJson(current[k], next[k])).length +
    Object.keys(next).filter((k) => !Object.hasOwn(current, k)).length;
  if (touched > MAX_TEXT_EDITS) return stringifyRecord(next);
  let out = text;
  const set = (path: Path, value: unknown) => {
    const tree = value === undefined ? undefined : parseTree(out);
    const node = tree && findNodeAtLocation(tree, path);
    if (node && !out.slice(node.offset, node.offset + node.length).includes("\n")) {
      out = `${out.slice(0, node.offset)}${inline(value)}${out.slice(node.offset + node.length)}`;
      return;
    }
    out = applyEdits(
      out,
      modify(out, path, value, { formattingOptions: FORMAT, getInsertionIndex: (keys) => keys.length }),
    );
  };
  const walk = (
    path: Path,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    keyOrder: readonly string[],
  ) => {
    for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) set([...path, key], undefined);
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key) || sameJson(before[key], after[key])) continue;
      const [was, now] = [before[key], after[key]];
      if (isPlainObject(was) && isPlainObject(now)) walk([...path, key], was, now, []);
      else set([...path, key], now);
    }
    const rank = (k: string) => (keyOrder.includes(k) ? keyOrder.indexOf(k) : keyOrder.length);
    const added = Object.keys(after).filter((k) => !Object.hasOwn(before, k));
    for (const key of added.sort((a, b) => rank(a) - rank(b))) set([...path, key], after[key]);
  };
  walk([], current, next, order);
  // jsonc-parser edits text, not values: should it ever produce another value, write plainly.
  let parsed: unknown;
  try {
    parsed = JSON.parse(out);
  } catch {
    return stringifyRecord(next);
  }
  return sameJson(parsed, next) ? out : stringifyRecord(next);
}
