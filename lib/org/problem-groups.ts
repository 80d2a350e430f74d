import type { FieldError } from "@/schemas/field-error";

/** Many findings of one rule, shown as one row: how many, the distinct things they name, the first few. */
export type ProblemGroup = {
  key: string;
  id: string;
  severity: FieldError["severity"];
  count: number;
  /** The distinct quoted values the messages name ("docs/**", a command), first seen first. */
  patterns: string[];
  /** The first `keep` findings, in order: a group of thousands stays a few hundred elements. */
  items: FieldError[];
};

export type ProblemEntry = { problem: FieldError } | { group: ProblemGroup };

const QUOTED = /"([^"]+)"/;

/**
 * Findings of one rule and severity are one group once there are `min` of them; fewer stay rows of
 * their own, in the order first met.
 */
export function groupProblems(problems: readonly FieldError[], { min = 4, keep = 100 } = {}): ProblemEntry[] {
  const byRule = new Map<string, FieldError[]>();
  for (const p of problems) {
    const key = `${p.severity}:${p.id}`;
    const list = byRule.get(key);
    if (list) list.push(p);
    else byRule.set(key, [p]);
  }
  const entries: ProblemEntry[] = [];
  for (const [key, list] of byRule) {
    if (list.length < min) {
      for (const problem of list) entries.push({ problem });
      continue;
    }
    const patterns = new Set<string>();
    for (const p of list) {
      const quoted = QUOTED.exec(p.message)?.[1];
      if (quoted) patterns.add(quoted);
    }
    entries.push({
      group: {
        key,
        id: list[0].id,
        severity: list[0].severity,
        count: list.length,
        patterns: [...patterns],
        items: list.slice(0, keep),
      },
    });
  }
  return entries;
}
