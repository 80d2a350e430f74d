import { describe, expect, it } from "vitest";
import { lineColumnAt, readJsonText } from "@/lib/editor/json-text";

const at = "#/specialists/cx-a";

describe("readJsonText", () => {
  it("reads an object as the record", () => {
    expect(readJsonText('{ "id": "cx-a", "skills": [] }', at)).toEqual({
      ok: true,
      record: { id: "cx-a", skills: [] },
    });
  });

  it("names the line and column of a missing comma", () => {
    const text = '{\n  "id": "cx-a"\n  "name": "a"\n}';
    const result = readJsonText(text, at);
    expect(result).toEqual({
      ok: false,
      problem: {
        id: "json-syntax",
        severity: "error",
        message: "JSON syntax error at line 3, column 3: expected a comma",
        location: at,
      },
    });
  });

  it("refuses what JSON.parse refuses: a trailing comma and a comment", () => {
    const trailing = readJsonText('{\n  "id": "cx-a",\n}', at);
    expect(trailing.ok).toBe(false);
    if (!trailing.ok) expect(trailing.problem.message).toMatch(/^JSON syntax error at line 3, column 1: /);
    const comment = readJsonText('{ // note\n "id": "x" }', at);
    expect(comment.ok).toBe(false);
    if (!comment.ok)
      expect(comment.problem.message).toBe("JSON syntax error at line 1, column 3: JSON has no comments");
  });

  it("refuses an unterminated string and empty text", () => {
    const open = readJsonText('{ "id": "cx-a', at);
    expect(open.ok).toBe(false);
    if (!open.ok) expect(open.problem.message).toContain("unterminated string");
    const empty = readJsonText("", at);
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.problem.message).toMatch(/^JSON syntax error at line 1, column 1: /);
  });

  it("refuses valid JSON that is not one object", () => {
    for (const text of ["[]", "1", "null", '"x"']) {
      const result = readJsonText(text, at);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problem.message).toBe("The JSON must be one object: { … }");
    }
  });
});

describe("lineColumnAt", () => {
  it("counts from 1, as an editor does", () => {
    expect(lineColumnAt("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumnAt("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });
});
