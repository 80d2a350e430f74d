import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { constructPackage } from "@/test/support/construct-package";

/**
 * Activity records written by Construct 2.1.1's own code into a project: its PostToolUse hooks fed
 * the JSON Claude Code sends, run in the project as Claude Code runs them; its `appendAuditRecord`
 * for records with chosen timestamps; its `appendBounded` for agent-log lines with chosen
 * timestamps; and its CLI's `audit trail --verify` as the judge of every chain.
 */

export type RecordsProject = { root: string; home: string };

const env = (p: RecordsProject, extra: Record<string, string> = {}): NodeJS.ProcessEnv =>
  ({
    ...(process.env.NODE_ENV ? { NODE_ENV: process.env.NODE_ENV } : {}),
    PATH: process.env.PATH ?? "",
    HOME: p.home,
    CONSTRUCT_DOCTOR_ROOT: path.join(p.root, ".construct"),
    CONSTRUCT_SKIP_POSTINSTALL: "1",
    NO_COLOR: "1",
    ...extra,
  }) as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv;

/** Runs one of Construct's hooks with `input` on stdin, in the project. */
export function hook(p: RecordsProject, name: "audit-trail" | "agent-tracker", input: Record<string, unknown>): void {
  mkdirSync(path.join(p.root, ".construct"), { recursive: true });
  const run = spawnSync(process.execPath, [path.join(constructPackage().dir, "lib", "hooks", `${name}.mjs`)], {
    cwd: p.root,
    env: env(p),
    input: JSON.stringify({ session_id: "studio-test", cwd: p.root, hook_event_name: "PostToolUse", ...input }),
    encoding: "utf8",
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`${name} hook exited ${run.status}: ${run.stderr}`);
}

/** A Task dispatch as Construct's agent tracker records it; `result` drives the outcome it derives. */
export const dispatch = (p: RecordsProject, agent: string, description: string, result: string) =>
  hook(p, "agent-tracker", {
    tool_name: "Task",
    tool_input: { description, prompt: `${description}.`, subagent_type: agent },
    tool_result: { result },
  });

const SCRIPT = `
const [lib, rotate, file, kind] = process.argv.slice(1);
let json = "";
for await (const chunk of process.stdin) json += chunk;
const { appendAuditRecord } = await import(lib);
const { appendBounded } = await import(rotate);
for (const r of JSON.parse(json))
  if (kind === "audit") appendAuditRecord(r, { file });
  else appendBounded("agent-log", file, JSON.stringify(r) + "\\n");
`;

/** Runs Construct's writer in one process for many records (given on stdin): audit records, or agent-log lines. */
function write(
  p: RecordsProject,
  kind: "audit" | "log",
  file: string,
  records: object[],
  extra?: Record<string, string>,
) {
  const dir = constructPackage().dir;
  const run = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      SCRIPT,
      pathToFileURL(path.join(dir, "lib", "audit-trail.mjs")).href,
      pathToFileURL(path.join(dir, "lib", "logging", "rotate.mjs")).href,
      file,
      kind,
    ],
    { cwd: p.root, env: env(p, extra), input: JSON.stringify(records), encoding: "utf8", timeout: 120_000 },
  );
  if (run.status !== 0) throw new Error(`Construct's writer exited ${run.status}: ${run.stderr}`);
}

export type Mutation = {
  ts: string;
  agent: string;
  tool: "Edit" | "Write" | "MultiEdit" | "NotebookEdit" | "Bash";
  /** A file (relative to the project, recorded absolute as Claude Code sends it), or a Bash command. */
  target: string;
};

/** Hook-shaped records with chosen timestamps, appended by Construct's `appendAuditRecord`. */
export function appendMutations(
  p: RecordsProject,
  rows: Mutation[],
  opts: { file?: string; env?: Record<string, string> } = {},
) {
  const file = opts.file ?? path.join(p.root, ".construct", "audit-trail.jsonl");
  const records = rows.map((r) => ({
    ts: r.ts,
    session_id: "studio-test",
    tool: r.tool,
    agent: r.agent,
    task: null,
    cwd: p.root,
    target: r.tool === "Bash" ? "bash" : path.join(p.root, r.target),
    detail: r.tool === "Bash" ? r.target : `-- a\n++ b`,
    content_hash: null,
  }));
  write(p, "audit", file, records, opts.env);
}

/** A chain reset with a chosen time, as `construct audit trail --reset` writes one. */
export function appendReset(p: RecordsProject, ts: string) {
  const file = path.join(p.root, ".construct", "audit-trail.jsonl");
  write(p, "audit", file, [
    { ts, chain_reset: true, reason: "studio test", agent: "construct", tool: null, target: null },
  ]);
}

export type Dispatch = { timestamp: string; agent: string; outcome: "success" | "warning" | "error" | "unknown" };

/** Agent-log lines in the agent tracker's shape, appended by Construct's `appendBounded`. */
export function appendDispatches(p: RecordsProject, rows: Dispatch[], file?: string) {
  const records = rows.map((r) => ({
    timestamp: r.timestamp,
    agent: r.agent,
    outcome: r.outcome,
    success: r.outcome === "error" ? false : r.outcome === "success" ? true : null,
    description: `dispatched in a studio test as ${r.agent}`,
    resultLength: 10,
    toolInputKeys: ["description", "prompt", "subagent_type"],
  }));
  write(p, "log", file ?? path.join(p.root, ".construct", "agent-log.jsonl"), records);
}

/** `construct audit trail --verify` on the project's trail: its exit code and what it printed. */
export function constructVerify(p: RecordsProject): { status: number; text: string } {
  const run = spawnSync(process.execPath, [constructPackage().bin, "audit", "trail", "--verify"], {
    cwd: p.root,
    env: env(p),
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status ?? -1, text: `${run.stdout}${run.stderr}`.trim() };
}
