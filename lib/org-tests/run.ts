import type { z } from "zod";
import { type AccessGraph, accessGraph } from "@/lib/access/graph";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { buildPointer, isAtOrUnder } from "@/lib/json/pointer";
import { fieldOf } from "@/lib/org/field-error";
import { rankRoutes, routeDoc } from "@/lib/org/route-rank";
import type { RoutingCase } from "@/lib/plan/plan";
import type { FieldError } from "@/schemas/field-error";
import type { GraphEdge } from "@/schemas/graph";
import type { EntityKind, EntityRecord, OrgRecords } from "@/schemas/kinds";
import {
  type EscalationCase,
  escalationCaseSchema,
  type FenceCase,
  fenceCaseSchema,
  type HandoffCase,
  handoffCaseSchema,
  type OrgTestResult,
  type OrgTestRun,
  type RoutingTestCase,
  routingCaseSchema,
} from "@/schemas/org-test";
import { isObject } from "@/schemas/views";
import { type CaseRef, fenceCoverage } from "./coverage";
import { type Exercised, runFenceCase } from "./fence-case";

// Pure, so the CLI, the server and the Tests view (on an unsaved draft) run cases alike.
export type RunDraft = { kind: EntityKind; record: EntityRecord };

export type TestFileInput = { file: string; value?: unknown; error?: string };

type Kind = OrgTestResult["kind"];
type Parsed =
  | { kind: "fence"; c: FenceCase }
  | { kind: "routing"; c: RoutingTestCase }
  | { kind: "handoff"; c: HandoffCase }
  | { kind: "escalation"; c: EscalationCase };

const SCHEMAS: Record<Kind, z.ZodType> = {
  fence: fenceCaseSchema,
  routing: routingCaseSchema,
  handoff: handoffCaseSchema,
  escalation: escalationCaseSchema,
};

function problem(file: string, id: string, message: string, path: (string | number)[]): FieldError {
  const field = fieldOf(path);
  return {
    id,
    severity: "error",
    message: `${file}: ${message}`,
    location: buildPointer(...path),
    ...(field ? { field } : {}),
    path: file,
  };
}

function kindOf(c: Record<string, unknown>): Kind | null {
  if ("action" in c || "specialist" in c) return "fence";
  if ("task" in c) return "routing";
  if ("from" in c || "handoffTo" in c) return "handoff";
  if ("team" in c || "escalatesTo" in c) return "escalation";
  return null;
}

export function parseTestFile(input: TestFileInput): {
  cases: { index: number; parsed: Parsed }[];
  problems: FieldError[];
} {
  const { file } = input;
  if (input.error) return { cases: [], problems: [problem(file, "test-file-unreadable", input.error, [])] };
  const v = input.value;
  if (typeof v !== "object" || v === null || Array.isArray(v) || !Array.isArray((v as { cases?: unknown }).cases))
    return {
      cases: [],
      problems: [problem(file, "test-file-no-cases", 'a test file is { "cases": [ … ] }', ["cases"])],
    };
  const cases: { index: number; parsed: Parsed }[] = [];
  const problems: FieldError[] = [];
  (v as { cases: unknown[] }).cases.forEach((raw, index) => {
    if (!isObject(raw)) {
      problems.push(problem(file, "test-case-not-an-object", "a case must be a JSON object", ["cases", index]));
      return;
    }
    const kind = kindOf(raw);
    if (!kind) {
      problems.push(
        problem(
          file,
          "test-case-unknown-kind",
          "a case needs specialist + action (fence), task (routing), from + handoffTo, or team + escalatesTo",
          ["cases", index],
        ),
      );
      return;
    }
    const parsed = SCHEMAS[kind].safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.filter((s): s is string | number => typeof s !== "symbol");
        const id =
          path[0] === "action"
            ? "test-unknown-action"
            : issue.code === "unrecognized_keys"
              ? "test-case-unknown-field"
              : `test-case-invalid-${String(path[0] ?? "case")}`;
        const message =
          issue.code === "unrecognized_keys"
            ? `unknown field(s) ${issue.keys.map((k) => JSON.stringify(k)).join(", ")} in a ${kind} case`
            : `${path.length ? `"${path.join(".")}": ` : ""}${issue.message}`;
        problems.push(problem(file, id, message, ["cases", index, ...path]));
      }
      return;
    }
    cases.push({ index, parsed: { kind, c: parsed.data } as Parsed });
  });
  return { cases, problems };
}

export function routingCasesOf(files: readonly TestFileInput[]): RoutingCase[] {
  const out: RoutingCase[] = [];
  for (const f of files)
    for (const { parsed } of parseTestFile(f).cases)
      if (parsed.kind === "routing") out.push({ name: parsed.c.name, task: parsed.c.task, file: f.file });
  return out;
}

/** `coverage` adds which fence entries the cases exercise (`fenceCoverage`). */
export function runOrgTests(
  org: OrgRecords,
  files: readonly TestFileInput[],
  options: { coverage?: boolean } = {},
): OrgTestRun {
  const results: OrgTestResult[] = [];
  const problems: FieldError[] = [];
  const exercised: (Exercised & CaseRef)[] = [];
  let access: AccessGraph | null = null;
  let edges: GraphEdge[] | null = null;
  const graphEdges = () => {
    edges ??= orgToGraph({ org }).edges;
    return edges;
  };
  let docs: ReturnType<typeof routeDoc>[] | null = null;
  const routeDocs = () => {
    docs ??= Object.entries(org.specialists).map(([id, s]) => routeDoc(id, s));
    return docs;
  };
  const unknownSpecialist = (file: string, index: number, field: string, id: string) =>
    problem(file, "test-unknown-specialist", `no specialist "${id}" in the org`, ["cases", index, ...field.split(".")]);

  const caseIndex = (p: FieldError) => Number(/^#\/cases\/(\d+)/.exec(p.location)?.[1] ?? -1);
  for (const f of files) {
    const parsedFile = parseTestFile(f);
    const before = problems.length;
    problems.push(...parsedFile.problems);
    for (const { index, parsed } of parsedFile.cases) {
      const base = { file: f.file, index, name: parsed.c.name, kind: parsed.kind };
      switch (parsed.kind) {
        case "fence": {
          const outcome = runFenceCase(org, parsed.c, () => {
            access ??= accessGraph(org, graphEdges());
            return access;
          });
          if (!outcome) {
            problems.push(unknownSpecialist(f.file, index, "specialist", parsed.c.specialist));
            break;
          }
          const kind = org.specialists[parsed.c.specialist] ? "specialist" : "worker-profile";
          results.push({
            ...base,
            pass: outcome.pass,
            detail: outcome.detail,
            record: { kind, id: parsed.c.specialist },
          });
          for (const e of outcome.exercised) exercised.push({ ...e, file: f.file, index, name: parsed.c.name });
          break;
        }
        case "routing": {
          const c = parsed.c;
          const want = "top" in c.expect ? c.expect.top : c.expect.specialist;
          if (!org.specialists[want]) {
            problems.push(
              unknownSpecialist(f.file, index, "top" in c.expect ? "expect.top" : "expect.specialist", want),
            );
            break;
          }
          const depth = "top" in c.expect ? 1 : c.expect.inTop;
          const ranking = rankRoutes(c.task, routeDocs(), Math.max(depth, 5)).map((r) => r.id);
          const hit = ranking.slice(0, depth).includes(want);
          const pass = c.not ? !hit : hit;
          const where = ranking.indexOf(want);
          results.push({
            ...base,
            pass,
            ranking,
            record: { kind: "specialist", id: want },
            detail: `${want} ranks ${where < 0 ? "nowhere" : `#${where + 1}`} (${ranking.join(", ") || "no candidate"}); expected ${c.not ? "not " : ""}${depth === 1 ? "top" : `in the top ${depth}`}`,
          });
          break;
        }
        case "handoff": {
          const c = parsed.c;
          const missing = [
            ["from", c.from],
            ["handoffTo", c.handoffTo],
          ].filter(([, id]) => !org.specialists[id]);
          if (missing.length) {
            for (const [field, id] of missing) problems.push(unknownSpecialist(f.file, index, field, id));
            break;
          }
          const edge = graphEdges().find(
            (e) =>
              e.kind === "handoff" && e.source === `specialist:${c.from}` && e.target === `specialist:${c.handoffTo}`,
          );
          results.push({
            ...base,
            pass: c.not ? !edge : !!edge,
            record: { kind: "specialist", id: c.from },
            detail: edge
              ? `${c.from} hands off to ${c.handoffTo} through role "${edge.role}" (${edge.carrier})`
              : `${c.from} has no handoff to ${c.handoffTo}`,
          });
          break;
        }
        case "escalation": {
          const c = parsed.c;
          const section = org.teams[c.team] ? "teams" : org.groups[c.team] ? "groups" : null;
          if (!section) {
            problems.push(
              problem(f.file, "test-unknown-team", `no team or group "${c.team}" in the org`, ["cases", index, "team"]),
            );
            break;
          }
          if (!org.specialists[c.escalatesTo]) {
            problems.push(unknownSpecialist(f.file, index, "escalatesTo", c.escalatesTo));
            break;
          }
          const prefix = [section, c.team, "escalationPath"];
          const edge = graphEdges().find(
            (e) =>
              e.kind === "escalation" && isAtOrUnder(e.carrier, prefix) && e.target === `specialist:${c.escalatesTo}`,
          );
          results.push({
            ...base,
            pass: c.not ? !edge : !!edge,
            record: { kind: section === "teams" ? "team" : "group", id: c.team },
            detail: edge
              ? `${c.team} escalates to ${c.escalatesTo} (${edge.carrier})`
              : `${c.team}'s escalation path never reaches ${c.escalatesTo}`,
          });
          break;
        }
      }
    }
    problems.push(...problems.splice(before).sort((a, b) => caseIndex(a) - caseIndex(b)));
  }
  const passed = results.filter((r) => r.pass).length;
  return {
    results,
    problems,
    summary: { passed, failed: results.length - passed, invalid: problems.length },
    ...(options.coverage ? { coverage: fenceCoverage(org, exercised) } : {}),
  };
}

export function renderTestRun(run: OrgTestRun, format: "text" | "github"): string {
  const out: string[] = [];
  const esc = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  for (const r of run.results) {
    if (format === "github") {
      if (!r.pass)
        out.push(
          `::error file=${esc(r.file).replace(/[:,]/g, (m) => (m === ":" ? "%3A" : "%2C"))},title=org test failed::${esc(`${r.name}: ${r.detail}`)}`,
        );
      else out.push(`PASS ${r.file} ${r.name}: ${r.detail}`);
    } else out.push(`${r.pass ? "PASS" : "FAIL"} ${r.file} ${JSON.stringify(r.name)}: ${r.detail}`);
  }
  for (const p of run.problems) {
    if (format === "github")
      out.push(`::error file=${esc(p.path ?? "")},title=${p.id}::${esc(`${p.message} (${p.location})`)}`);
    else out.push(`INVALID ${p.path ?? "-"} ${p.location}: ${p.id}: ${p.message}`);
  }
  const s = run.summary;
  out.push(`${s.passed} passed, ${s.failed} failed, ${s.invalid} invalid`);
  return `${out.join("\n")}\n`;
}
