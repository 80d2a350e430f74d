import type { EntityRecord } from "@/schemas/kinds";

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** A YAML scalar: a plain role name as it is, anything else quoted (JSON strings are YAML). */
const scalar = (value: string) => (/^[a-z0-9][a-z0-9._-]*$/.test(value) ? value : JSON.stringify(value));

/**
 * A starting prompt for a specialist without a prompt file, from its own record: the frontmatter names its
 * role (a saved prompt must), the body is a short skeleton the user fills in.
 */
export function promptTemplate(id: string, record: EntityRecord): string {
  const role = text(record.role) ?? id;
  const title = text(record.displayName) ?? text(record.name) ?? id;
  const handoffs = Array.isArray(record.handoffCandidates)
    ? record.handoffCandidates.filter((r): r is string => typeof r === "string" && r !== "")
    : [];
  return [
    "---",
    `role: ${scalar(role)}`,
    "---",
    "",
    `# ${title}`,
    "",
    text(record.description) ?? `You are ${title}. Say in a sentence or two what you are responsible for.`,
    "",
    "## When to use",
    "",
    text(record.when_to_use) ?? "- The requests you take on.",
    "",
    "## How you work",
    "",
    "- The steps you follow and the checks you run before you answer.",
    "",
    "## Hand off",
    "",
    ...(handoffs.length ? handoffs.map((r) => `- To \`${r}\` when …`) : ["- Who takes over, and when."]),
    "",
  ].join("\n");
}
