import type {
  AccessUnused,
  ActivityEvent,
  ActivityFinding,
  ActivityNote,
  ActivitySummary,
  ChainVerdict,
} from "@/schemas/activity";

/** The command line's reading of activity: the same data the JSON carries, in lines. */

const at = (n: { file: string; line: number | null }) => (n.line === null ? n.file || "-" : `${n.file}:${n.line}`);

export function verdictText(v: ChainVerdict): string {
  const segments = v.segments.length > 1 ? ` across ${v.segments.length} files` : "";
  const legacy = v.legacy ? ` (${v.legacy} legacy line(s) before the last chain reset, not checked)` : "";
  const lines = [
    v.ok
      ? `${v.trail}: chain intact — ${v.verified} records verified${segments}${legacy}`
      : `${v.trail}: chain BROKEN — ${v.issues.length + v.more} issue(s) across ${v.verified} records${segments}${legacy}`,
  ];
  for (const i of v.issues)
    lines.push(
      `  ${i.file} line ${i.line}: ${i.reason}${i.expected ? `; expected ${i.expected}, found ${JSON.stringify(i.actual)}` : ""}`,
    );
  if (v.more) lines.push(`  … ${v.more} more`);
  lines.push(`  construct audit trail --verify, on ${v.trail} alone: ${v.construct.text.split("\n")[0]}`);
  return lines.join("\n");
}

const eventText = (e: ActivityEvent) =>
  `  ${e.ts ?? "(no time)"}  ${e.agent ?? "(none)"}  ${
    e.kind === "dispatch"
      ? `dispatch ${e.outcome}: ${(e.description ?? "").slice(0, 80)}`
      : `${e.tool} ${e.path ?? e.command ?? ""}`
  }  (${at(e.at)})`;

export const findingText = (f: ActivityFinding) => `  ${f.severity} ${f.id}: ${f.message}`;
export const noteText = (n: ActivityNote) => `  ${at(n)}: ${n.message}`;

export function summaryText(s: ActivitySummary): string {
  const out = [
    `Activity from ${s.window.since} to ${s.window.until} (${s.read.lines} lines, ${s.read.bytes} bytes read)`,
  ];
  for (const v of s.trails) out.push(verdictText(v));
  out.push("worker profiles:");
  for (const p of s.profiles.filter((p) => p.mutations || p.dispatches.count)) {
    const tools = Object.entries(p.byTool)
      .map(([t, n]) => `${t} ${n}`)
      .join(", ");
    const d = p.dispatches;
    const rate = d.errorRate === null ? "" : `, error rate ${Math.round(d.errorRate * 100)}%`;
    out.push(
      `  ${p.id}: ${p.mutations} mutation(s)${tools ? ` (${tools})` : ""}; ${d.count} dispatch(es) (${d.success} success, ${d.warning} warning, ${d.error} error, ${d.unknown} unknown${rate}); last seen ${[p.lastAction, d.lastSeen].filter(Boolean).sort().at(-1) ?? "never"}`,
    );
  }
  const idle = s.profiles.filter((p) => !p.mutations && !p.dispatches.count).length;
  if (idle) out.push(`  ${idle} more with no activity in the window`);
  if (s.others.length) out.push("agents that are no worker profile of the org:");
  for (const o of s.others)
    out.push(
      `  ${o.agent} (${o.kind}): ${o.mutations} mutation(s), ${o.dispatches} dispatch(es), last seen ${o.lastSeen ?? "never"}`,
    );
  out.push(`timeline (${s.timeline.length} of ${s.matched}, oldest first):`);
  out.push(...s.timeline.map(eventText));
  if (s.findings.length) out.push("findings:", ...groupedFindings(s.findings));
  if (s.notes.length) out.push("notes:", ...s.notes.map(noteText));
  return `${out.join("\n")}\n`;
}

/**
 * Breaches, broken chains and unknown agents line by line; unused entries one line per profile and
 * idle profiles one line, so a whole org's findings read at a glance (JSON keeps every one).
 */
export function groupedFindings(findings: readonly ActivityFinding[]): string[] {
  const lines: string[] = [];
  const unused = new Map<string, ActivityFinding[]>();
  const idle: string[] = [];
  for (const f of findings) {
    if (f.id === "access-unused" && f.profile) unused.set(f.profile, [...(unused.get(f.profile) ?? []), f]);
    else if (f.id === "profile-idle" && f.profile) idle.push(f.profile);
    else lines.push(findingText(f));
  }
  for (const [profile, list] of unused) {
    const named = list.slice(0, 3).map((f) => f.rule ?? "");
    const more = list.length > named.length ? ` and ${list.length - named.length} more` : "";
    lines.push(
      `  warning access-unused: ${profile}: ${list.length} fence entr${list.length === 1 ? "y" : "ies"} unused: ${named.join(", ")}${more} (construct-studio access ${profile} --unused lists them)`,
    );
  }
  if (idle.length)
    lines.push(
      `  info profile-idle: ${idle.length} worker profile(s) neither dispatched nor acted in the window: ${idle.join(", ")}`,
    );
  return lines;
}

export function unusedText(u: AccessUnused): string {
  const out = [
    `${u.id}: fence use from ${u.window.since} to ${u.window.until} (${u.mutations} mutation(s), ${u.dispatches.count} dispatch(es))`,
  ];
  for (const e of u.entries)
    out.push(
      `  ${e.uses ? `${String(e.uses).padStart(6)}` : "unused"}  ${e.list} "${e.entry}"${e.lastUse ? `, last ${e.lastUse}` : ""}`,
    );
  if (u.findings.length) out.push("findings:", ...u.findings.map(findingText));
  if (u.proposal) out.push(`a fence from use: ${u.proposal.note}`, `  ${JSON.stringify(u.proposal.patch)}`);
  if (u.notes.length) out.push("notes:", ...u.notes.map(noteText));
  return `${out.join("\n")}\n`;
}
