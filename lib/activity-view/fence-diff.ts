import type { FenceProposal } from "@/schemas/activity";

export type FenceDiffLine = { list: string; entry: string; mark: "keep" | "remove" | "add" };

/** The fence from use against the fence in the draft, list by list: what goes, what stays, what comes. */
export function fenceDiff(current: unknown, proposal: FenceProposal): FenceDiffLine[] {
  const now = (current && typeof current === "object" ? current : {}) as Record<string, unknown>;
  const lines: FenceDiffLine[] = [];
  for (const [list, next] of Object.entries(proposal.patch.fence)) {
    if (!next) continue;
    const before = Array.isArray(now[list]) ? (now[list] as unknown[]).map(String) : [];
    for (const entry of before) lines.push({ list, entry, mark: next.includes(entry) ? "keep" : "remove" });
    for (const entry of next) if (!before.includes(entry)) lines.push({ list, entry, mark: "add" });
  }
  return lines;
}

/** The draft's fence with the proposal's lists in place of its own; the lists it does not name stay. */
export function withProposedFence<R extends { fence?: unknown }>(record: R, proposal: FenceProposal): R {
  const fence = record.fence && typeof record.fence === "object" ? record.fence : {};
  return { ...record, fence: { ...fence, ...proposal.patch.fence } };
}
