import type { ActivitySummary } from "@/schemas/activity";
import { HIGH_ERROR_RATE, rateText } from "./filter";

/** What the canvas marks on one worker profile's node while the activity overlay is on. */
export type NodeActivity = {
  /** Neither dispatched nor editing in the window. */
  idle: boolean;
  dispatches: number;
  high: boolean;
  /** The badge: "3 · 33%" (dispatches, error rate). */
  text: string;
  title: string;
};

/**
 * One map for the whole canvas, keyed by node id, built once per answer: each node looks itself up,
 * so a thousand nodes cost a thousand lookups and no fetch of their own. Objects are kept when a
 * profile's figures are unchanged, so the canvas redraws only the nodes whose figures moved.
 */
export function activityMarks(
  summary: ActivitySummary,
  kind: string,
  before: Readonly<Record<string, NodeActivity>> | null,
): Record<string, NodeActivity> {
  const out: Record<string, NodeActivity> = {};
  for (const p of summary.profiles) {
    const d = p.dispatches;
    const idle = d.count === 0 && p.mutations === 0;
    const next: NodeActivity = {
      idle,
      dispatches: d.count,
      high: (d.errorRate ?? 0) >= HIGH_ERROR_RATE,
      text: d.count ? `${d.count} · ${rateText(d.errorRate)}` : idle ? "unused" : "0",
      title: idle
        ? `Unused since ${summary.window.since.slice(0, 10)}`
        : `${d.count} dispatch(es), ${d.error} error(s), error rate ${rateText(d.errorRate)}; ${p.mutations} edit(s)`,
    };
    const id = `${kind}:${p.id}`;
    const old = before?.[id];
    out[id] = old && old.text === next.text && old.title === next.title && old.high === next.high ? old : next;
  }
  return out;
}
