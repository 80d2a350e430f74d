import {
  accessUnusedInput,
  accessUnusedOutput,
  activitySummaryInput,
  activitySummaryOutput,
} from "@/schemas/mcp-activity";
import type { Services } from "../compose";
import { guarded, ok } from "./tool-result";
import type { ToolTable } from "./tool-table";

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Activity: what Construct's agents did, as `activity` and `access ID --unused` give it on the command line. */
export function registerActivityTools(tools: ToolTable, services: Services): void {
  tools.add(
    "activity_summary",
    {
      title: "What the agents did",
      description:
        "Reads Construct's activity records (.construct/audit-trail.jsonl with its rotated segments, and .construct/agent-log.jsonl) against the org, for a window (since, default 90d): a timeline of mutations and dispatches (filter by profile, tool, path glob), dispatch counts and error rate per worker profile, agents the org does not know, the hash chain's verdict per trail (with what `construct audit trail --verify` says), and findings: activity-chain-broken, activity-breach, activity-unknown-agent, profile-idle, access-unused. Writes nothing.",
      inputSchema: activitySummaryInput,
      outputSchema: activitySummaryOutput,
      annotations: READ,
    },
    ({ trail, ...q }) => guarded(async () => ok(await services.activity.summary({ ...q, trails: trail }))),
  );

  tools.add(
    "access_unused",
    {
      title: "Fence entries never used",
      description:
        "One worker profile's fence entries (allowedPaths, allowedCommands, approvalRequired), each with its use count and last use in the window (since, default 90d) from Construct's activity records; unused entries and an idle profile are findings; `proposal` is a narrower fence from that use, as a patch org_update applies. Writes nothing.",
      inputSchema: accessUnusedInput,
      outputSchema: accessUnusedOutput,
      annotations: READ,
    },
    ({ id, since }) => guarded(async () => ok(await services.activity.unused(id, { since }))),
  );
}
