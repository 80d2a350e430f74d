import type { EntityRecord, OrgRecords } from "@/schemas/kinds";
import {
  COVERAGE_LISTS,
  type CoverageEntry,
  type OrgTestCoverage,
  type PrincipalCoverage,
} from "@/schemas/org-test-coverage";
import { type Exercised, principalFence } from "./fence-case";
import { formatPercent } from "./percent";

export { formatPercent };

/**
 * Fence coverage, as `opa test --coverage` reports rules: per specialist (or Construct 2.x worker
 * profile), each entry of its effective fence (the denials its team adds aside) and the cases that
 * exercise it. A fence case exercises the entry its decision names; a never-reaches case the denials
 * that stop it, or the entry that grants it when it fails (see `runFenceCase`). Approvals the team
 * forbids are not in the effective fence, and principals with no entry do not count toward the total.
 */

export type CaseRef = { file: string; index: number; name: string };

const key = (holder: string, list: string, entry: string) => `${holder}\t${list}\t${entry}`;

export function fenceCoverage(org: OrgRecords, exercised: readonly (Exercised & CaseRef)[]): OrgTestCoverage {
  const by = new Map<string, CaseRef[]>();
  for (const { holder, list, entry, file, index, name } of exercised) {
    const k = key(holder, list, entry);
    const refs = by.get(k) ?? [];
    if (!refs.some((r) => r.file === file && r.index === index)) refs.push({ file, index, name });
    by.set(k, refs);
  }
  const ids = new Set([
    ...Object.keys(org.specialists),
    ...Object.keys(org["worker-profiles"] as Record<string, EntityRecord>),
  ]);
  const principals: PrincipalCoverage[] = [];
  for (const id of [...ids].sort()) {
    const p = principalFence(org, id);
    if (!p) continue;
    const entries: CoverageEntry[] = [];
    for (const list of COVERAGE_LISTS)
      for (const entry of new Set(p.entries[list]))
        entries.push({ list, entry, by: by.get(key(id, list, entry)) ?? [] });
    if (!entries.length) continue;
    const tested = entries.filter((e) => e.by.length).length;
    principals.push({ id, kind: p.kind, tested, total: entries.length, entries });
  }
  const tested = principals.reduce((n, p) => n + p.tested, 0);
  const total = principals.reduce((n, p) => n + p.total, 0);
  return { tested, total, percent: total ? (tested * 100) / total : 100, principals };
}

export const belowMinCoverage = (coverage: OrgTestCoverage, min: number) =>
  coverage.tested * 100 < min * coverage.total;

const entryText = (e: CoverageEntry) => `${e.list} ${JSON.stringify(e.entry)}`;

/** One line per principal (its tested and untested entries), then the total. */
export function renderCoverage(coverage: OrgTestCoverage): string {
  const out = coverage.principals.map((p) => {
    const tested = p.entries.filter((e) => e.by.length).map(entryText);
    const untested = p.entries.filter((e) => !e.by.length).map(entryText);
    return `COVERAGE ${p.id} ${p.tested}/${p.total} (${formatPercent((p.tested * 100) / p.total)}): tested ${tested.join(", ") || "none"}; untested ${untested.join(", ") || "none"}`;
  });
  out.push(
    coverage.total
      ? `coverage: ${coverage.tested} of ${coverage.total} fence entries exercised (${formatPercent(coverage.percent)})`
      : "coverage: no specialist has a fence entry to exercise",
  );
  return `${out.join("\n")}\n`;
}
