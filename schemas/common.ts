import { z } from "zod";

/** Entity ids double as file names, so the grammar is the first line of defence against traversal. */
export const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

const RESERVED_NAMES = new Set([
  "con",
  "prn",
  "aux",
  "nul",
  ...Array.from({ length: 9 }, (_, i) => `com${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `lpt${i + 1}`),
]);

export function idProblem(id: unknown): string | null {
  if (typeof id !== "string" || id.length === 0) return "an id is required";
  if (id.length > 64) return `an id has at most 64 characters (got ${id.length})`;
  if (!ID_PATTERN.test(id))
    return `"${id.slice(0, 80)}" is not a valid id: use lowercase letters, digits and "-" (^[a-z0-9][a-z0-9-]{0,63}$)`;
  if (RESERVED_NAMES.has(id)) return `"${id}" is a reserved device name and cannot be used as an id`;
  return null;
}

/** A registry id Construct keys by a dotted name (`workflow.prd-draft`); only read, never a file the studio names. */
export function dottedIdProblem(id: unknown): string | null {
  if (typeof id !== "string" || id.length === 0) return "an id is required";
  if (id.length > 128) return `an id has at most 128 characters (got ${id.length})`;
  return /^[a-z0-9][a-z0-9.-]*$/.test(id)
    ? null
    : `"${id.slice(0, 80)}" is not a valid id: use lowercase letters, digits, "." and "-"`;
}

export const idSchema = z
  .string()
  .superRefine((value, ctx) => {
    const problem = idProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  // The refinement is invisible to JSON Schema; the pattern lets hand editors flag a bad id as it is typed.
  .meta({ pattern: ID_PATTERN.source });

export const ROLE_PATTERN = /^[a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)*$/;
export const roleSchema = z.string().regex(ROLE_PATTERN, {
  error: (iss) => `${JSON.stringify(iss.input)} is not a role name (lowercase kebab-case, flavors after a dot)`,
});

export const nonEmptyString = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .refine((v) => v.trim().length > 0, { error: `${what} must not be empty` });

export const stringList = (what: string) =>
  z.array(z.string({ error: `each entry of ${what} must be a string` }), {
    error: `${what} must be an array of strings`,
  });

/**
 * A text Construct reads through `String()`: missing, or fewer than `min` characters once trimmed, or
 * more than `max`, it refuses; a number or a list long enough it accepts, so that is a house warning.
 */
export function constructText(field: string, min: number, max?: number) {
  return (
    z
      .custom<string>(() => true)
      .superRefine((value, ctx) => {
        const text = value ? String(value) : "";
        if (text.trim().length < min)
          ctx.addIssue({
            code: "custom",
            message: value
              ? `"${field}" must be at least ${min} characters (got ${text.trim().length})`
              : `"${field}" is required and must be at least ${min} characters`,
          });
        else if (max !== undefined && text.length > max)
          ctx.addIssue({ code: "custom", message: `"${field}" is too long (${text.length} > ${max} characters)` });
      })
      // Lengths only bind strings in JSON Schema, as they do here once a value is read as text.
      .meta({ minLength: min, ...(max === undefined ? {} : { maxLength: max }) })
      .and(house(z.string({ error: `"${field}" should be a string` })))
  );
}

/** What Construct tests by truthiness alone (`if (!record.x)`): present and not empty, whatever its type. */
export function constructPresent<T>(message: string) {
  return z.custom<T>((value) => Boolean(value), { error: message });
}

const HOUSE = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A check Construct does not make is a warning: the schema accepts any value, so saves are never blocked,
 * and `houseIssues` reports what `strict` refuses.
 */
export function house<T extends z.ZodType>(strict: T): z.ZodType<z.output<T>, z.output<T>> {
  const loose = z.custom<z.output<T>>(() => true);
  HOUSE.set(loose, strict);
  return loose;
}

/** The strict schema behind a `house` field, for its JSON Schema (Monaco still completes its enums). */
export function houseStrictOf(schema: unknown): z.ZodType | undefined {
  return HOUSE.get(schema as z.ZodType);
}

type HousePlan =
  | { kind: "house"; strict: z.ZodType }
  | { kind: "object"; fields: [string, HousePlan][] }
  | { kind: "array"; element: HousePlan }
  | { kind: "both"; plans: HousePlan[] };

const PLANS = new WeakMap<z.ZodType, HousePlan | null>();

/** Worked out once per schema: walking zod per record is slow. */
function planOf(schema: z.ZodType): HousePlan | null {
  if (PLANS.has(schema)) return PLANS.get(schema) ?? null;
  PLANS.set(schema, null); // a recursive schema meets itself as "nothing inside"
  let plan: HousePlan | null = null;
  const strict = HOUSE.get(schema);
  if (strict) plan = { kind: "house", strict };
  else if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    plan = planOf(schema.unwrap() as z.ZodType);
  else if (schema instanceof z.ZodIntersection) {
    const plans = [planOf(schema.def.left as z.ZodType), planOf(schema.def.right as z.ZodType)].filter(
      (p): p is HousePlan => p !== null,
    );
    plan = plans.length === 0 ? null : plans.length === 1 ? plans[0] : { kind: "both", plans };
  } else if (schema instanceof z.ZodArray) {
    const element = planOf(schema.element as z.ZodType);
    plan = element ? { kind: "array", element } : null;
  } else if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape).flatMap(([key, field]): [string, HousePlan][] => {
      const fieldPlan = planOf(field as z.ZodType);
      return fieldPlan ? [[key, fieldPlan]] : [];
    });
    plan = fields.length ? { kind: "object", fields } : null;
  }
  PLANS.set(schema, plan);
  return plan;
}

function runPlan(plan: HousePlan, value: unknown, path: PropertyKey[], out: z.core.$ZodIssue[]): void {
  if (value === undefined) return;
  switch (plan.kind) {
    case "house": {
      const parsed = plan.strict.safeParse(value);
      if (!parsed.success)
        for (const issue of parsed.error.issues) out.push({ ...issue, path: [...path, ...issue.path] });
      return;
    }
    case "both":
      for (const p of plan.plans) runPlan(p, value, path, out);
      return;
    case "array":
      if (Array.isArray(value))
        for (let i = 0; i < value.length; i++) runPlan(plan.element, value[i], [...path, i], out);
      return;
    case "object":
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const record = value as Record<string, unknown>;
        for (const [key, fieldPlan] of plan.fields) runPlan(fieldPlan, record[key], [...path, key], out);
      }
      return;
  }
}

export function houseIssues(schema: z.ZodType, value: unknown): z.core.$ZodIssue[] {
  const plan = planOf(schema);
  const out: z.core.$ZodIssue[] = [];
  if (plan) runPlan(plan, value, [], out);
  return out;
}
