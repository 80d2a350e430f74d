import type { Contract } from "@/schemas/contract";

type OutputBlock = NonNullable<Contract["output"]>;

const filled = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  !(typeof value === "string" && value.trim() === "") &&
  !(Array.isArray(value) && value.length === 0);

/** Each violation is a sentence naming the field. */
export function checkOutput(answer: unknown, output: OutputBlock): string[] {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer))
    return ["the answer must be one JSON object"];
  const record = answer as Record<string, unknown>;
  const violations: string[] = [];
  for (const field of output.mustContain ?? []) {
    if (!filled(record[field])) violations.push(`missing required field "${field}"`);
  }
  for (const group of output.mustContainOneOf ?? []) {
    if (group.length && !group.some((field) => filled(record[field])))
      violations.push(`needs one of ${group.map((f) => `"${f}"`).join(", ")}`);
  }
  for (const [field, allowed] of Object.entries(output.mustMatchEnum ?? {})) {
    if (!filled(record[field])) {
      if (!(output.mustContain ?? []).includes(field))
        violations.push(`missing field "${field}" (one of ${allowed.join(", ")})`);
      continue;
    }
    if (typeof record[field] !== "string" || !allowed.includes(record[field] as string))
      violations.push(`"${field}" is ${JSON.stringify(record[field])}, not one of ${allowed.join(", ")}`);
  }
  return violations;
}

export function describeOutput(output: OutputBlock): string[] {
  const lines: string[] = [];
  if (output.mustContain?.length) lines.push(`Required fields: ${output.mustContain.join(", ")}.`);
  for (const group of output.mustContainOneOf ?? []) lines.push(`At least one of: ${group.join(", ")}.`);
  for (const [field, allowed] of Object.entries(output.mustMatchEnum ?? {}))
    lines.push(`"${field}" must be exactly one of: ${allowed.join(", ")}.`);
  return lines;
}
