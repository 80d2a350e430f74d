import { type ActivityEvent, type LineRef, MUTATION_TOOLS } from "@/schemas/activity";

/**
 * One line of Construct 2.1.1's activity records as the studio shows it. Audit-trail lines are hook
 * records `{ts, session_id, tool, agent, task, cwd, target, detail, content_hash, prev_line_hash}`
 * (a Bash target is the literal "bash", the command is in `detail`); other writers (the MCP server,
 * the broker, the secret resolver, contract overrides) share the file with other shapes and lack
 * fields, so every field is optional here. Agent-log lines are
 * `{timestamp, agent, outcome, success, description, resultLength, toolInputKeys}`.
 */

const MUTATION_TOOL_SET: ReadonlySet<string> = new Set(MUTATION_TOOLS);

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const isRow = (v: unknown): v is Row => typeof v === "object" && v !== null && !Array.isArray(v);

/** The worker profile an agent name stands for: Construct's `cx-` prefix dropped. */
export function profileOf(agent: string | null): string | null {
  if (!agent) return null;
  return agent.startsWith("cx-") ? agent.slice(3) : agent;
}

/** A POSIX path with `.` and `..` segments resolved; relative stays relative. */
export function normalizePosix(p: string): string {
  const absolute = p.startsWith("/");
  const out: string[] = [];
  for (const segment of p.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length && out.at(-1) !== "..") out.pop();
      else if (!absolute) out.push("..");
    } else out.push(segment);
  }
  return (absolute ? "/" : "") + out.join("/");
}

/**
 * A recorded target as the fence sees it: relative to the project when inside it (a relative target
 * is taken from the record's `cwd`), else absolute as recorded. `roots` are the project's folder as
 * given and as the disk resolves it, each already normalized (`normalizePosix`).
 */
export function projectPath(target: string, cwd: string | null, roots: readonly string[]): string {
  const joined = target.startsWith("/") || !cwd ? target : `${cwd}/${target}`;
  // Most recorded paths are absolute and clean already: only one with `.`, `..` or `//` is rewritten.
  const full = joined.includes("/.") || joined.includes("//") || joined.endsWith("/") ? normalizePosix(joined) : joined;
  for (const base of roots) {
    if (!full.startsWith(base)) continue;
    if (full.length === base.length) return ".";
    if (full.charCodeAt(base.length) === 47) return full.slice(base.length + 1);
  }
  return full;
}

/** An audit-trail line as a mutation; null for a chain reset or another writer's line. */
export function mutationOf(value: unknown, at: LineRef, roots: readonly string[]): ActivityEvent | null {
  if (!isRow(value)) return null;
  const tool = str(value.tool);
  if (!tool || !MUTATION_TOOL_SET.has(tool) || value.chain_reset) return null;
  const agent = str(value.agent);
  const target = str(value.target);
  const bash = tool === "Bash";
  return {
    kind: "mutation",
    at,
    ts: str(value.ts) ?? str(value.timestamp),
    agent,
    profile: profileOf(agent),
    tool,
    path: !bash && target ? projectPath(target, str(value.cwd), roots) : null,
    command: bash ? (str(value.detail) ?? "") : null,
    outcome: null,
    description: null,
  };
}

/** An agent-log line as a dispatch; null when it is not one. */
export function dispatchOf(value: unknown, at: LineRef): ActivityEvent | null {
  if (!isRow(value)) return null;
  const agent = str(value.agent);
  if (!agent && value.timestamp === undefined) return null;
  return {
    kind: "dispatch",
    at,
    ts: str(value.timestamp) ?? str(value.ts),
    agent,
    profile: profileOf(agent),
    tool: null,
    path: null,
    command: null,
    outcome: str(value.outcome) ?? "unknown",
    description: str(value.description),
  };
}

/** The fence action a mutation is: Edit, MultiEdit and NotebookEdit edit, Write writes, Bash runs a line. */
export function actionOf(event: ActivityEvent): "edit" | "write" | "bash" | null {
  if (event.kind !== "mutation") return null;
  if (event.tool === "Bash") return "bash";
  if (!event.path) return null;
  return event.tool === "Write" ? "write" : "edit";
}

/** What a mutation's action is checked against: its command, else its path. */
export const targetOf = (event: ActivityEvent, action: "edit" | "write" | "bash"): string =>
  action === "bash" ? (event.command ?? "") : (event.path as string);

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * `since` as a time: `90d`, `12h`, `2w`, `30m` before `now`, or an ISO date. Throws a sentence on
 * anything else, for the caller to refuse.
 */
export function sinceTime(since: string, now: Date): Date {
  const m = /^(\d{1,6})([mhdw])$/.exec(since.trim());
  if (m) return new Date(now.getTime() - Number(m[1]) * UNITS[m[2]]);
  if (/^\d{4}-\d{2}-\d{2}/.test(since)) {
    const t = Date.parse(since);
    if (!Number.isNaN(t)) return new Date(t);
  }
  throw new Error(
    `since ${JSON.stringify(since.slice(0, 40))} is neither a span (90d, 12h, 2w, 30m) nor an ISO date (2026-01-31)`,
  );
}
