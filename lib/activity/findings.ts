import type { ActivityFinding, ChainVerdict, FenceUse, OtherAgent, ProfileActivity } from "@/schemas/activity";

/**
 * The findings every surface gives for a window of activity, each under a stable id:
 * `activity-chain-broken`, `access-unused`, `profile-idle`, `activity-breach` (made where the action
 * is judged) and `activity-unknown-agent`.
 */

const finding = (f: Omit<ActivityFinding, "at" | "rule" | "ts" | "profile"> & Partial<ActivityFinding>) => ({
  at: null,
  rule: null,
  ts: null,
  profile: null,
  ...f,
});

export function chainFindings(verdicts: readonly ChainVerdict[]): ActivityFinding[] {
  return verdicts.flatMap((v) => [
    ...v.issues.map((issue) =>
      finding({
        id: "activity-chain-broken",
        severity: "error",
        message: `${issue.file} line ${issue.line}: ${issue.reason}${issue.expected ? ` (expected ${issue.expected}, found ${JSON.stringify(issue.actual)})` : ""}`,
        at: { file: issue.file, line: issue.line },
      }),
    ),
    ...(v.more
      ? [
          finding({
            id: "activity-chain-broken",
            severity: "error",
            message: `${v.trail}: ${v.more} more chain issue(s)`,
          }),
        ]
      : []),
  ]);
}

/** A fence entry no recorded action used in the window. */
export function unusedFindings(profile: string, entries: readonly FenceUse[], since: string): ActivityFinding[] {
  return entries
    .filter((e) => e.uses === 0)
    .map((e) =>
      finding({
        id: "access-unused",
        severity: "warning",
        message: `${profile}: ${e.list} "${e.entry}" was not used since ${since}`,
        profile,
        rule: `${e.list} "${e.entry}"`,
      }),
    );
}

/** A profile neither dispatched nor acting in the window. */
export function idleFindings(profiles: readonly ProfileActivity[], since: string): ActivityFinding[] {
  return profiles
    .filter((p) => p.mutations === 0 && p.dispatches.count === 0)
    .map((p) =>
      finding({
        id: "profile-idle",
        severity: "info",
        message: `${p.id} was neither dispatched nor acted since ${since}`,
        profile: p.id,
      }),
    );
}

/** An agent the records name that is no worker profile of the org (Construct itself and unnamed dispatches aside). */
export function unknownAgentFindings(others: readonly OtherAgent[]): ActivityFinding[] {
  return others
    .filter((o) => o.kind === "unknown")
    .map((o) =>
      finding({
        id: "activity-unknown-agent",
        severity: "warning",
        message: `"${o.agent}" is in the records (${o.mutations} mutation(s), ${o.dispatches} dispatch(es), first at ${o.first.file} line ${o.first.line}) but is no worker profile of the org`,
        at: o.first,
        ts: o.lastSeen,
      }),
    );
}
