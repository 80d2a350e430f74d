import { type OrgRecords, SECTION_OF } from "@/schemas/kinds";
import type { OrgTestResult, OrgTestRun } from "@/schemas/org-test";
import { type RunDraft, runOrgTests, type TestFileInput } from "./run";

/** The org as it would be with the draft saved: the record replaces the one of its id. Null without an id. */
export function orgWithDraft(org: OrgRecords, draft: RunDraft): OrgRecords | null {
  const id = draft.record.id == null ? "" : String(draft.record.id);
  if (!id) return null;
  const section = SECTION_OF[draft.kind];
  return { ...org, [section]: { ...org[section], [id]: draft.record } };
}

/** The cases that pass in `before` and fail in `after`: a case failing already is not this save's doing. */
export function brokenBetween(before: OrgTestRun, after: OrgTestRun): OrgTestResult[] {
  const passed = new Set(before.results.filter((r) => r.pass).map((r) => `${r.file}#${r.index}`));
  return after.results.filter((r) => !r.pass && passed.has(`${r.file}#${r.index}`));
}

/**
 * The org tests a draft would break if saved, with the same runner the CLI, the server and /tests use.
 * `baseline` is the saved org's run when the caller keeps one.
 */
export function testsBrokenBy(
  org: OrgRecords,
  files: readonly TestFileInput[],
  draft: RunDraft,
  baseline: OrgTestRun = runOrgTests(org, files),
): OrgTestResult[] {
  const after = orgWithDraft(org, draft);
  return after ? brokenBetween(baseline, runOrgTests(after, files)) : [];
}
