import type { z } from "zod";
import { buildPointer, parsePointer } from "@/lib/json/pointer";
import type { FieldError } from "@/schemas/field-error";
import type { EntityKind, Section } from "@/schemas/kinds";

type Segment = string | number;

export function pointer(section: Section, id: string, ...path: Segment[]): string {
  return buildPointer(section, id, ...path);
}

export function entityPath(location: string): string[] {
  return parsePointer(location).slice(2);
}

export function fieldOf(path: readonly Segment[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    if (typeof segment === "number" || /^\d+$/.test(String(segment))) continue;
    return String(segment);
  }
  return undefined;
}

export function kebab(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[_\s.]+/g, "-")
    .toLowerCase();
}

export function fieldError(
  id: string,
  severity: FieldError["severity"],
  message: string,
  section: Section,
  entityId: string,
  path: Segment[] = [],
): FieldError {
  const field = fieldOf(path);
  return { id, severity, message, location: pointer(section, entityId, ...path), ...(field ? { field } : {}) };
}

/**
 * Array indices dropped: `fence.allowedPaths` → `custom-specialist-fence-allowed-paths`. Construct 2.x
 * names a worker profile's problems without the `custom-` (`worker-profile-description`).
 */
export function shapeRuleId(kind: EntityKind, path: readonly Segment[]): string {
  const names = path.filter((s) => typeof s === "string" && !/^\d+$/.test(s)).map((s) => kebab(String(s)));
  if (names.length === 1 && names[0] === "id") return idRuleId(kind);
  return [rulePrefix(kind), ...names].join("-");
}

const rulePrefix = (kind: EntityKind) => (kind === "worker-profile" ? kind : `custom-${kind}`);

/** Only a contract's id is Construct's check; other kinds' ids are ours. */
export function idRuleId(kind: EntityKind): string {
  return kind === "contract" ? "custom-contract-id" : "invalid-id";
}

export function issuesToFieldErrors(
  kind: EntityKind,
  section: Section,
  entityId: string,
  issues: readonly z.core.$ZodIssue[],
  severity: FieldError["severity"] = "error",
): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((s): s is string | number => typeof s !== "symbol");
    if (issue.code === "invalid_union" && issue.errors.length) {
      // A value matching one branch's type failed inside it: report that branch, not "matches no branch".
      const branch = issue.errors.find(
        (branchIssues) => !branchIssues.some((i) => i.code === "invalid_type" && i.path.length === 0),
      );
      if (branch) {
        out.push(
          ...issuesToFieldErrors(
            kind,
            section,
            entityId,
            branch.map((i) => ({ ...i, path: [...path, ...i.path] })),
            severity,
          ),
        );
        continue;
      }
    }
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        out.push(
          fieldError(
            `${rulePrefix(kind)}-unknown-field`,
            "error",
            `unknown field "${key}" in ${path.join(".") || kind}`,
            section,
            entityId,
            [...path, key],
          ),
        );
      }
      continue;
    }
    const subject = path.length ? `"${path.map(String).join(".")}"` : kind;
    const plain = plainIssue(issue, subject);
    const message =
      plain ??
      (issue.message.startsWith('"') || issue.message.includes(subject)
        ? issue.message
        : `${subject}: ${issue.message}`);
    out.push(fieldError(shapeRuleId(kind, path), severity, message, section, entityId, path));
  }
  return out;
}

const A_TYPE: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

/** zod's own wording of each issue code: a message the schema wrote itself does not start so. */
const ZOD_WORDS: Partial<Record<string, RegExp>> = {
  invalid_type: /^Invalid input/,
  too_small: /^Too small/,
  too_big: /^Too big/,
  invalid_value: /^Invalid (option|input)/,
  invalid_format: /^Invalid string/,
};

/**
 * A sentence for one of zod's own messages ("Invalid input: expected nonoptional, received
 * undefined"), which name schema terms rather than what to write; a message the schema wrote itself
 * is kept (null).
 */
function plainIssue(issue: z.core.$ZodIssue, subject: string): string | null {
  const zodWords = ZOD_WORDS[issue.code];
  return zodWords?.test(issue.message) ? issueSentence(issue, subject, /received undefined/.test(issue.message)) : null;
}

type RawIssue = Pick<z.core.$ZodIssue, "code"> & {
  expected?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  values?: readonly unknown[];
};

/**
 * What to write, in words, for an issue by its code: the form's own checks use it for the messages
 * zod would word in schema terms; null leaves the schema's message.
 */
export function issueSentence(issue: RawIssue, subject: string, missing: boolean): string | null {
  switch (issue.code) {
    case "invalid_type":
      if (missing || issue.expected === "nonoptional") return `${subject} is required`;
      return `${subject} should be ${A_TYPE[issue.expected ?? ""] ?? issue.expected}`;
    case "too_small":
      return issue.origin === "string"
        ? `${subject} needs at least ${issue.minimum} character${Number(issue.minimum) === 1 ? "" : "s"}`
        : issue.origin === "array"
          ? `${subject} needs at least ${issue.minimum} entr${Number(issue.minimum) === 1 ? "y" : "ies"}`
          : `${subject} should be at least ${issue.minimum}`;
    case "too_big":
      return issue.origin === "string"
        ? `${subject} is longer than ${issue.maximum} characters`
        : issue.origin === "array"
          ? `${subject} has more than ${issue.maximum} entries`
          : `${subject} should be at most ${issue.maximum}`;
    case "invalid_value":
      return `${subject} should be ${(issue.values ?? [])
        .map((v) => JSON.stringify(v))
        .join(", ")
        .replace(/, ([^,]*)$/, " or $1")}`;
    case "invalid_format":
      // The schema's own words say what the form is; a bare pattern would only quote a regular expression.
      return `${subject} is not in the form this field takes`;
    default:
      return null;
  }
}

export function splitBySeverity(problems: readonly FieldError[]) {
  return {
    errors: problems.filter((p) => p.severity === "error"),
    warnings: problems.filter((p) => p.severity === "warning"),
  };
}
