import { type ParseError, parse, printParseErrorCode } from "jsonc-parser";
import { buildPointer } from "@/lib/json/pointer";
import type { FieldError } from "@/schemas/field-error";
import { type EntityKind, type EntityRecord, SECTION_OF } from "@/schemas/kinds";

/** What the JSON tab's text holds: a record, or the one problem that keeps it from being one. */
export type JsonText = { ok: true; record: EntityRecord } | { ok: false; problem: FieldError };

const WHAT: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "malformed number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected a colon",
  CommaExpected: "expected a comma",
  CloseBraceExpected: "expected a closing brace",
  CloseBracketExpected: "expected a closing bracket",
  EndOfFileExpected: "unexpected text after the record",
  InvalidCommentToken: "JSON has no comments",
  UnexpectedEndOfComment: "JSON has no comments",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "unterminated number",
  InvalidUnicode: "invalid unicode escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "invalid character in a string",
};

/** Where a record's JSON text problems point: the record itself, or "new" for one not created yet. */
export const jsonTextLocation = (kind: EntityKind, id: string | null) => buildPointer(SECTION_OF[kind], id ?? "new");

/** 1-based, as an editor counts them. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/**
 * Reads the JSON tab's text as JSON.parse does; when it is not one object, says where and why, so the
 * panel lists it and Save refuses it rather than saving the last text that parsed.
 */
export function readJsonText(text: string, location: string): JsonText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const at = lineColumnAt(text, first?.offset ?? 0);
    const why = first
      ? (WHAT[printParseErrorCode(first.error)] ?? "invalid JSON")
      : error instanceof Error
        ? error.message
        : "invalid JSON";
    return {
      ok: false,
      problem: {
        id: "json-syntax",
        severity: "error",
        message: `JSON syntax error at line ${at.line}, column ${at.column}: ${why}`,
        location,
      },
    };
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    return {
      ok: false,
      problem: { id: "json-syntax", severity: "error", message: "The JSON must be one object: { … }", location },
    };
  return { ok: true, record: value as EntityRecord };
}
