import type { FieldDiff, Plan, PlanChange } from "@/schemas/plan";

// Every section is bounded: a huge rewrite prints `limit` lines and says how many more the JSON holds.
const q = (v: unknown) => JSON.stringify(v);

/** Terraform's last line: `Plan: 2 to add, 3 to change, 1 to remove; 1 widens access`. */
export function summaryLine(plan: Plan): string {
  const s = plan.summary;
  const parts = [`Plan: ${s.add} to add, ${s.change} to change, ${s.remove} to remove`];
  const extra: string[] = [];
  if (s.widens) extra.push(`${s.widens} widen${s.widens === 1 ? "s" : ""} access`);
  if (s.narrows) extra.push(`${s.narrows} narrow${s.narrows === 1 ? "s" : ""} access`);
  if (s.reachWidens) extra.push(`${s.reachWidens} reach${s.reachWidens === 1 ? "es" : ""} more through others`);
  if (s.reachNarrows) extra.push(`${s.reachNarrows} reach${s.reachNarrows === 1 ? "es" : ""} less through others`);
  if (s.edgesAdded || s.edgesRemoved) extra.push(`${s.edgesAdded} edge(s) added, ${s.edgesRemoved} removed`);
  if (s.problemsIntroduced) extra.push(`${s.problemsIntroduced} problem(s) introduced`);
  if (s.problemsFixed) extra.push(`${s.problemsFixed} fixed`);
  if (s.routingMoves) extra.push(`${s.routingMoves} routing move(s)`);
  return extra.length ? `${parts[0]}; ${extra.join("; ")}` : parts[0];
}

export function fieldDiffLine(d: FieldDiff): string {
  const parts: string[] = [];
  for (const a of d.added ?? []) parts.push(`+ ${q(a)}`);
  for (const r of d.removed ?? []) parts.push(`- ${q(r)}`);
  if (!d.added && !d.removed) {
    if (d.before === undefined) parts.push(`+ ${q(d.after)}`);
    else if (d.after === undefined) parts.push(`- ${q(d.before)}`);
    else parts.push(`${q(d.before)} → ${q(d.after)}`);
  }
  return `${d.field}: ${parts.join(", ")}`;
}

const node = (n: string) => n.replace(/^(specialist|team|group|party):/, "");

export function changeLines(c: PlanChange): string[] {
  switch (c.kind) {
    case "entity": {
      const mark = c.action === "add" ? "+" : c.action === "remove" ? "-" : "~";
      const head = `${mark} ${c.entity} ${c.id}${c.path ? `  (${c.path})` : ""}`;
      return [head, ...(c.fields ?? []).map((f) => `    ${mark} ${c.id} ${fieldDiffLine(f)}`)];
    }
    case "access":
      return [
        `${c.action === "widen" ? "! WIDENS" : "  narrows"} ${c.id} ${c.field}: ${c.action === "widen" ? "+" : "-"} ${q(c.entry)}  (${c.detail}; via ${c.via})`,
      ];
    case "reach":
      return [
        `${c.action === "widen" ? "! REACH WIDENS" : "  reach narrows"} ${c.id} ${c.field}: ${c.action === "widen" ? "+" : "-"} ${q(c.entry)}  (${c.detail})`,
      ];
    case "edge":
      return [
        `${c.action === "add" ? "+" : "-"} ${c.edge} ${node(c.source)} → ${node(c.target)}${c.label ? ` [${c.label}]` : ""}`,
      ];
    case "problem":
      return [
        `${c.action === "introduced" ? "+" : "-"} ${c.severity} ${c.id}: ${c.message} (${c.location})${c.action === "fixed" ? " — fixed" : ""}`,
      ];
    case "route":
      return [`~ ${q(c.id)} ${q(c.task)}: ${c.before.join(", ") || "(none)"} → ${c.after.join(", ") || "(none)"}`];
  }
}

const SECTIONS: { kind: PlanChange["kind"]; title: string }[] = [
  { kind: "entity", title: "Entities" },
  { kind: "access", title: "Access" },
  { kind: "reach", title: "Reach through others" },
  { kind: "edge", title: "Relationships" },
  { kind: "problem", title: "Validation" },
  { kind: "route", title: "Routing" },
];

export function againstLine(plan: Plan): string {
  const a = plan.against;
  const what =
    a.kind === "git"
      ? `git revision ${a.ref}`
      : a.kind === "export"
        ? `export ${a.ref}`
        : a.kind === "builtin"
          ? "the built-in tier"
          : a.ref;
  return `Comparing the org now with ${what}${a.note ? ` (${a.note})` : ""}`;
}

export function renderText(plan: Plan, limit = 500): string {
  const out = [againstLine(plan), ""];
  if (!plan.changes.length) out.push("No changes.", "");
  for (const { kind, title } of SECTIONS) {
    const items = plan.changes.filter((c) => c.kind === kind);
    if (!items.length) continue;
    out.push(`${title}:`);
    for (const c of items.slice(0, limit)) for (const line of changeLines(c)) out.push(`  ${line}`);
    if (items.length > limit) out.push(`  … and ${items.length - limit} more (--format json lists every one)`);
    out.push("");
  }
  out.push(summaryLine(plan));
  return `${out.join("\n")}\n`;
}

const md = (s: string) => s.replace(/([|`*_<>])/g, "\\$1");

export function renderMarkdown(plan: Plan, limit = 200): string {
  const s = plan.summary;
  const out = [
    "### Org plan",
    "",
    `${md(againstLine(plan))}.`,
    "",
    `**${md(summaryLine(plan))}**`,
    "",
    "| add | change | remove | widens access | widens reach | problems introduced | routing moves |",
    "| --: | --: | --: | --: | --: | --: | --: |",
    `| ${s.add} | ${s.change} | ${s.remove} | ${s.widens} | ${s.reachWidens} | ${s.problemsIntroduced} | ${s.routingMoves} |`,
    "",
  ];
  const widen = plan.changes.filter((c) => (c.kind === "access" || c.kind === "reach") && c.action === "widen");
  if (widen.length) out.push(`> [!WARNING]\n> ${widen.length} access widening(s): review them before merging.`, "");
  for (const { kind, title } of SECTIONS) {
    const items = plan.changes.filter((c) => c.kind === kind);
    if (!items.length) continue;
    out.push(
      `<details${kind === "access" || kind === "reach" || kind === "entity" ? " open" : ""}><summary>${title} (${items.length})</summary>`,
    );
    out.push("", "```diff");
    for (const c of items.slice(0, limit)) out.push(...changeLines(c));
    if (items.length > limit) out.push(`# … and ${items.length - limit} more`);
    out.push("```", "", "</details>", "");
  }
  return `${out.join("\n")}\n`;
}

export function renderGithub(plan: Plan, limit = 500): string {
  const esc = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const prop = (s: string) => esc(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
  const out: string[] = [];
  let n = 0;
  for (const c of plan.changes) {
    if (n++ >= limit) {
      out.push(`::notice title=plan::${plan.changes.length - limit} more change(s); see --format json`);
      break;
    }
    const file = "path" in c && c.path ? c.path : c.kind === "route" ? c.file : undefined;
    const level =
      ((c.kind === "access" || c.kind === "reach") && c.action === "widen") ||
      (c.kind === "problem" && c.action === "introduced")
        ? c.kind === "problem" && c.severity === "error"
          ? "error"
          : "warning"
        : "notice";
    const title =
      c.kind === "access"
        ? `${c.action} access`
        : c.kind === "reach"
          ? `reach ${c.action}s`
          : `${c.kind} ${"action" in c ? c.action : ""}`;
    out.push(`::${level} ${file ? `file=${prop(file)},` : ""}title=${prop(title)}::${esc(changeLines(c).join("\n"))}`);
  }
  out.push(summaryLine(plan));
  return `${out.join("\n")}\n`;
}
