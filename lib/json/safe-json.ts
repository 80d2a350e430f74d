/**
 * Strict JSON for untrusted text. `JSON.parse` alone keeps the last duplicate key, accepts
 * `__proto__` (prototype pollution on a later merge) and nests deeper than recursive walkers survive.
 */

export type JsonProblemCode =
  | "invalid-utf8"
  | "bom"
  | "conflict-markers"
  | "syntax"
  | "duplicate-key"
  | "forbidden-key"
  | "too-deep"
  | "too-large"
  | "lone-surrogate";

export class JsonProblem extends Error {
  constructor(
    readonly code: JsonProblemCode,
    message: string,
  ) {
    super(message);
    this.name = "JsonProblem";
  }
}

export type SafeJsonOptions = {
  maxDepth?: number;
  maxLength?: number;
  /** Files edited by hand may start with a byte-order mark; request bodies may not. */
  allowBom?: boolean;
};

const isForbiddenKey = (key: string) => key === "__proto__" || key === "constructor" || key === "prototype";
export const DEFAULT_MAX_DEPTH = 64;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Refuses malformed UTF-8 instead of replacing it with U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new JsonProblem("invalid-utf8", "the content is not valid UTF-8");
  }
}

const CONFLICT_MARKER = /^(?:<{7}|={7}|>{7})(?: |$)/m;

export function parseJsonStrict(input: string, options: SafeJsonOptions = {}): unknown {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  let text = input;
  if (options.maxLength !== undefined && text.length > options.maxLength) {
    throw new JsonProblem("too-large", `the JSON is larger than ${options.maxLength} characters`);
  }
  if (text.charCodeAt(0) === 0xfeff) {
    if (!options.allowBom) throw new JsonProblem("bom", "the JSON starts with a byte-order mark");
    text = text.slice(1);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (CONFLICT_MARKER.test(text)) {
      throw new JsonProblem(
        "conflict-markers",
        "the file holds git conflict markers (<<<<<<< … >>>>>>>): resolve the merge first",
      );
    }
    throw new JsonProblem("syntax", `invalid JSON: ${(error as Error).message}`);
  }
  // The character scan costs several `JSON.parse`s, so it runs only when the cheap check finds something.
  if (!looksClean(text, value, maxDepth)) scanStructure(text, maxDepth);
  if (!text.isWellFormed() || (text.includes("\\u") && SURROGATE_ESCAPE.test(text))) checkStrings(value);
  return value;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** `JSON.parse` keeps one of duplicate keys, so the text has more keys than the value exactly then. */
function looksClean(text: string, value: unknown, maxDepth: number): boolean {
  const keys = typeof value === "object" && value !== null ? keysIn(value, 1, maxDepth) : 0;
  return keys >= 0 && keyColons(text) === keys;
}

/**
 * The keys of `value` and everything in it, or -1 past `maxDepth` or at a forbidden key. Recursion
 * stops at `maxDepth`, so the stack stays short. An inherited key only adds to the count, which
 * sends the text to the full scan.
 */
function keysIn(value: object, depth: number, maxDepth: number): number {
  if (depth > maxDepth) return -1;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== "object" || item === null) continue;
      const inner = keysIn(item, depth + 1, maxDepth);
      if (inner < 0) return -1;
      count += inner;
    }
    return count;
  }
  for (const key in value) {
    if (isForbiddenKey(key)) return -1;
    count++;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== "object" || item === null) continue;
    const inner = keysIn(item, depth + 1, maxDepth);
    if (inner < 0) return -1;
    count += inner;
  }
  return count;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** One per key, plus strings starting with a colon; an overcount only costs the full scan. */
function keyColons(text: string): number {
  let count = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    let j = i - 1;
    while (j >= 0 && isSpace(text.charCodeAt(j))) j--;
    if (text.charCodeAt(j) !== 0x22) continue;
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) count++;
  }
  return count;
}

function scanStructure(text: string, maxDepth: number): void {
  const keyStack: (Set<string> | null)[] = [];
  const expectKey: boolean[] = [];
  const path: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      let escaped = false;
      for (; end < text.length; end++) {
        const d = text.charCodeAt(end);
        if (d === 0x5c) {
          escaped = true;
          end++;
          continue;
        }
        if (d === 0x22) break;
      }
      const top = keyStack.length - 1;
      const seen = top >= 0 ? keyStack[top] : null;
      if (seen && expectKey[top]) {
        const raw = text.slice(i, end + 1);
        const key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        const parents = path.slice(0, top).filter(Boolean).join(".");
        const where = parents ? ` in ${parents}` : "";
        if (isForbiddenKey(key)) throw new JsonProblem("forbidden-key", `the key "${key}"${where} is not allowed`);
        if (seen.has(key)) throw new JsonProblem("duplicate-key", `the key "${key}" appears twice${where}`);
        seen.add(key);
        expectKey[top] = false;
        path[top] = key;
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      keyStack.push(c === 0x7b ? new Set() : null);
      expectKey.push(c === 0x7b);
      path.push(c === 0x7b ? "" : "[]");
      if (keyStack.length > maxDepth)
        throw new JsonProblem("too-deep", `the JSON nests deeper than ${maxDepth} levels`);
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      keyStack.pop();
      expectKey.pop();
      path.pop();
    } else if (c === 0x2c /* , */) {
      const top = keyStack.length - 1;
      if (top >= 0 && keyStack[top]) expectKey[top] = true;
    }
  }
}

/** Lone surrogates survive `JSON.parse` but turn into U+FFFD when written as UTF-8. */
function checkStrings(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (!v.isWellFormed()) throw new JsonProblem("lone-surrogate", "a string holds a lone UTF-16 surrogate");
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        if (!k.isWellFormed()) throw new JsonProblem("lone-surrogate", "a key holds a lone UTF-16 surrogate");
        stack.push(item);
      }
    }
  }
}

export function parseJsonBytes(bytes: Uint8Array, options: SafeJsonOptions = {}): unknown {
  return parseJsonStrict(decodeUtf8(bytes), options);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Canonical keys first, so files the app writes read like the built-in ones. */
export function orderKeys(record: Record<string, unknown>, canonical: readonly string[]): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const key of canonical) if (Object.hasOwn(record, key)) ordered[key] = record[key];
  for (const key of Object.keys(record)) if (!Object.hasOwn(ordered, key)) ordered[key] = record[key];
  return ordered;
}

export function stringifyRecord(record: unknown): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}
