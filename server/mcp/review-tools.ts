import {
  accessHistoryInput,
  accessHistoryOutput,
  accessReachInput,
  accessReachOutput,
  orgPlanInput,
  orgPlanOutput,
  orgTestInput,
  orgTestOutput,
} from "@/schemas/mcp";
import type { Services } from "../compose";
import { guarded, ok } from "./tool-result";
import type { ToolTable } from "./tool-table";

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Change review: the plan of a change and the org tests, as `plan` and `test` give them on the command line. */
export function registerReviewTools(tools: ToolTable, services: Services): void {
  tools.add(
    "org_plan",
    {
      title: "Plan a change",
      description:
        "What the org now does differently from a git revision (default HEAD), or what one unsaved change would do: entities added, removed and changed with field diffs, relationship edges, access that widens or narrows, validation problems introduced and fixed, routing moves, and a summary. Writes nothing.",
      inputSchema: orgPlanInput,
      outputSchema: orgPlanOutput,
      annotations: READ,
    },
    ({ against, draft }) =>
      guarded(async () => {
        if (!draft) return ok(await services.plan.plan(against, { allowFiles: false }));
        const change = "remove" in draft ? { kind: draft.kind, id: draft.id, remove: true as const } : draft;
        return ok(await services.plan.planDraft(change));
      }),
  );

  tools.add(
    "org_test",
    {
      title: "Run the org tests",
      description:
        "Runs every org test (<proj>/tests/*.test.json and enabled packs' tests/): fence (with expect: unreachable, a never-reaches case over handoffs), routing, handoff and escalation cases, each PASS or FAIL with the rule or ranking that decided. With draft, runs them as if that record were saved. Writes nothing.",
      inputSchema: orgTestInput,
      outputSchema: orgTestOutput,
      annotations: READ,
    },
    ({ draft }) => guarded(async () => ok(await services.tests.run(draft))),
  );

  tools.add(
    "access_reach",
    {
      title: "What a task can reach",
      description:
        "What a task that starts with one specialist (a worker profile in Construct 2.x) can end up doing: the union of the effective fences of everyone it can pass work to through handoffs and contracts, transitively, each entry with the path that grants it (`cx-reviewer → handoff → cx-engineer: edit src/**`). Escalations are listed apart; invalid globs are left out and named. Writes nothing.",
      inputSchema: accessReachInput,
      outputSchema: accessReachOutput,
      annotations: READ,
    },
    ({ id }) => guarded(async () => ok(await services.org.access(id))),
  );

  tools.add(
    "access_history",
    {
      title: "Who widened what, when",
      description:
        "The git commits that widened or narrowed what one specialist (a worker profile in Construct 2.x) can do, newest first: date, author, subject, and each change to its own effective fence or to what it reaches through others, with the path. Reads git only; at most `limit` commits are looked at and `more` says how many older ones were not; a shallow clone says so. Writes nothing.",
      inputSchema: accessHistoryInput,
      outputSchema: accessHistoryOutput,
      annotations: READ,
    },
    ({ id, limit }) => guarded(async () => ok(await services.accessHistory.history(id, { limit }))),
  );
}
