import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_DEPTH,
  decodeUtf8,
  isPlainObject,
  JsonProblem,
  type JsonProblemCode,
  orderKeys,
  parseJsonBytes,
  parseJsonStrict,
  stringifyRecord,
} from "@/lib/json/safe-json";

function problemOf(run: () => unknown): JsonProblem {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(JsonProblem);
    return error as JsonProblem;
  }
  throw new Error("expected a JsonProblem, but parsing succeeded");
}

const codeOf = (text: string, options = {}): JsonProblemCode => problemOf(() => parseJsonStrict(text, options)).code;
const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("parseJsonStrict", () => {
  it("parses valid JSON like JSON.parse", () => {
    const text = '{"id":"cx-a","list":[1,2.5,-3e2,true,false,null],"nested":{"deep":{"x":"y"}},"empty":{},"none":[]}';
    expect(parseJsonStrict(text)).toEqual(JSON.parse(text));
    expect(parseJsonStrict("42")).toBe(42);
    expect(parseJsonStrict('"text"')).toBe("text");
    expect(parseJsonStrict("  [ ]  ")).toEqual([]);
  });

  describe("forbidden keys", () => {
    it.each(["__proto__", "constructor", "prototype"])(
      "refuses %s at depth, leaving Object.prototype clean",
      (name) => {
        const text = `{"a":{"b":[{"ok":1},{"${name}":{"polluted":true}}]}}`;
        const problem = problemOf(() => parseJsonStrict(text));
        expect(problem.code).toBe("forbidden-key");
        expect(problem.message).toContain(name);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty("polluted");
      },
    );

    it("refuses an escaped __proto__ key", () => {
      expect(codeOf('{"\\u005f_proto__":{"polluted":true}}')).toBe("forbidden-key");
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it("accepts the same words as values", () => {
      expect(parseJsonStrict('{"a":"__proto__","b":["constructor","prototype"]}')).toEqual({
        a: "__proto__",
        b: ["constructor", "prototype"],
      });
    });
  });

  describe("duplicate keys", () => {
    it.each([
      ['{"a":1,"a":2}'],
      ['{"a":1,"\\u0061":2}'],
      ['{"\\u0061":1,"a":2}'],
      ['{"a\\"b":1,"a\\"b":2}'],
      ['{ "a" : { } , "b" : [ 1, 2 ] , "a" : 1 }'],
      ['{"x":{"y":1,"z":{"q":[{"k":1,"k":2}]}}}'],
    ])("refuses %s", (text) => {
      expect(codeOf(text)).toBe("duplicate-key");
    });

    it("accepts the same key in different objects", () => {
      expect(parseJsonStrict('[{"a":1},{"a":2}]')).toEqual([{ a: 1 }, { a: 2 }]);
      expect(parseJsonStrict('{"a":{"a":{"a":1}}}')).toEqual({ a: { a: { a: 1 } } });
    });

    it("says where the duplicate is: the containing object's path, not a sibling key", () => {
      const nestedProblem = problemOf(() => parseJsonStrict('{"outer":{"inner":{"b":1,"b":2}}}'));
      expect(nestedProblem.message).toContain('"b"');
      expect(nestedProblem.message).toContain("outer.inner");
      expect(nestedProblem.message).not.toContain("inner.b");
      const topLevel = problemOf(() => parseJsonStrict('{"a":1,"a":2}'));
      expect(topLevel.message).not.toMatch(/ in a\b/);
    });
  });

  describe("depth", () => {
    it(`accepts ${DEFAULT_MAX_DEPTH} levels and refuses ${DEFAULT_MAX_DEPTH + 1}`, () => {
      expect(DEFAULT_MAX_DEPTH).toBe(64);
      expect(() => parseJsonStrict(nested(64))).not.toThrow();
      expect(codeOf(nested(65))).toBe("too-deep");
    });

    it("counts objects and arrays alike", () => {
      const mixed = (depth: number) => {
        let text = "1";
        for (let i = 0; i < depth; i++) text = i % 2 ? `[${text}]` : `{"k":${text}}`;
        return text;
      };
      expect(() => parseJsonStrict(mixed(64))).not.toThrow();
      expect(codeOf(mixed(65))).toBe("too-deep");
    });

    it("honours maxDepth", () => {
      expect(codeOf('{"a":{"b":1}}', { maxDepth: 1 })).toBe("too-deep");
      expect(parseJsonStrict('{"a":{"b":1}}', { maxDepth: 2 })).toEqual({ a: { b: 1 } });
    });

    it("refuses a very deep document as too-deep rather than crashing", () => {
      expect(codeOf(nested(100_000))).toBe("too-deep");
    });
  });

  it("refuses text longer than maxLength", () => {
    expect(codeOf('{"a":"0123456789"}', { maxLength: 10 })).toBe("too-large");
    expect(parseJsonStrict('{"a":1}', { maxLength: 10 })).toEqual({ a: 1 });
  });

  it("refuses a byte-order mark unless allowBom", () => {
    expect(codeOf('\uFEFF{"a":1}')).toBe("bom");
    expect(parseJsonStrict('\uFEFF{"a":1}', { allowBom: true })).toEqual({ a: 1 });
  });

  it("reports git conflict markers as conflict-markers", () => {
    const text = '{\n<<<<<<< HEAD\n  "a": 1\n=======\n  "a": 2\n>>>>>>> feature\n}\n';
    const problem = problemOf(() => parseJsonStrict(text));
    expect(problem.code).toBe("conflict-markers");
    expect(problem.message).toMatch(/conflict markers/);
  });

  it("reports other invalid JSON as syntax", () => {
    expect(codeOf('{"a":1,}')).toBe("syntax");
    expect(codeOf("")).toBe("syntax");
    expect(codeOf("{'a':1}")).toBe("syntax");
  });

  it("refuses lone surrogates in values and keys, accepts real pairs", () => {
    expect(codeOf('{"a":"\\ud800"}')).toBe("lone-surrogate");
    expect(codeOf('["ok",["\\udc00x"]]')).toBe("lone-surrogate");
    expect(codeOf('{"\\udc00":1}')).toBe("lone-surrogate");
    expect(parseJsonStrict('{"smile":"\\ud83d\\ude00"}')).toEqual({ smile: "😀" });
  });

  describe("strings do not confuse the scanner", () => {
    it("braces, brackets, commas and quotes inside strings", () => {
      const text = String.raw`{"k":"}, \"k\": 1, {","b":"[[[[","c":"\\","d":"\\\"{"}`;
      expect(parseJsonStrict(text)).toEqual({ k: '}, "k": 1, {', b: "[[[[", c: "\\", d: '\\"{' });
    });

    it("brackets in strings do not count towards depth", () => {
      expect(parseJsonStrict(`{"s":"${"[".repeat(200)}"}`, { maxDepth: 1 })).toEqual({ s: "[".repeat(200) });
    });

    it("a value equal to a key is not a duplicate", () => {
      expect(parseJsonStrict('{"a":"a","b":"a","c":["c","c"]}')).toEqual({ a: "a", b: "a", c: ["c", "c"] });
    });

    it("a string value holding a forbidden key in quotes is not a key", () => {
      expect(parseJsonStrict(String.raw`{"note":"\"__proto__\": {}"}`)).toEqual({ note: '"__proto__": {}' });
    });

    // The full scan runs only when a count of the text's keys disagrees with the parsed value.
    it("colons inside strings neither hide a duplicate nor invent one", () => {
      expect(codeOf('{"a":":x","a":1}')).toBe("duplicate-key");
      expect(codeOf(String.raw`{"u":"http://x\":y","u" : 2}`)).toBe("duplicate-key");
      const clean = String.raw`{"a":":x","b":"y\":z","c\\":": ","d":[":",{"e":"::"}]}`;
      expect(parseJsonStrict(clean)).toEqual(JSON.parse(clean));
    });

    it("a lone surrogate in the text itself, not escaped, is refused", () => {
      expect(codeOf('{"a":"\ud800"}')).toBe("lone-surrogate");
    });
  });
});

describe("parseJsonBytes and decodeUtf8", () => {
  it("parses valid UTF-8", () => {
    expect(parseJsonBytes(utf8('{"name":"café ✓"}'))).toEqual({ name: "café ✓" });
  });

  it.each([
    ["a lone continuation byte", bytes(0x22, 0x80, 0x22)],
    ["an invalid byte 0xff", bytes(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d)],
    ["an overlong encoding of /", bytes(0x22, 0xc0, 0xaf, 0x22)],
    ["a truncated sequence", bytes(0x22, 0xe2, 0x82, 0x22)],
    ["an encoded surrogate", bytes(0x22, 0xed, 0xa0, 0x80, 0x22)],
  ])("refuses %s as invalid-utf8", (_name, input) => {
    expect(problemOf(() => parseJsonBytes(input)).code).toBe("invalid-utf8");
  });

  it("refuses a UTF-8 byte-order mark unless allowBom", () => {
    const withBom = bytes(0xef, 0xbb, 0xbf, ...utf8('{"a":1}'));
    expect(problemOf(() => parseJsonBytes(withBom)).code).toBe("bom");
    expect(parseJsonBytes(withBom, { allowBom: true })).toEqual({ a: 1 });
  });

  it("decodeUtf8 keeps the BOM for the caller to judge", () => {
    expect(decodeUtf8(bytes(0xef, 0xbb, 0xbf, 0x31))).toBe("\uFEFF1");
  });
});

describe("helpers", () => {
  it("isPlainObject is true only for non-array objects", () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(null)).toBe(false);
    expect(isPlainObject("x")).toBe(false);
  });

  it("orderKeys puts canonical keys first, then the rest in their own order", () => {
    expect(Object.keys(orderKeys({ z: 1, name: "n", extra: 2, id: "i" }, ["id", "name", "missing"]))).toEqual([
      "id",
      "name",
      "z",
      "extra",
    ]);
  });

  it("stringifyRecord writes two-space JSON with a final newline", () => {
    expect(stringifyRecord({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
});
