import {
  embedDryRunInput,
  embedDryRunOutput,
  embedToggleInput,
  embedToggleOutput,
  packToggleInput,
  packToggleOutput,
} from "@/schemas/mcp";
import type { Services } from "../compose";
import { requireEtag } from "./org-tools";
import { guarded, ok } from "./tool-result";
import type { ToolTable } from "./tool-table";

const TOGGLE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Packs and embed capabilities: enabling and disabling them, and the embed dry run. */
export function registerServiceTools(tools: ToolTable, services: Services): void {
  for (const enabled of [true, false]) {
    tools.add(
      enabled ? "packs_enable" : "packs_disable",
      {
        title: enabled ? "Enable a pack" : "Disable a pack",
        description: `${enabled ? "Enables an installed pack (its specialists, teams and contracts join the org)" : "Disables a pack (its records leave the org)"} by editing packs.json. A dry run unless apply is true; applying needs the etag the dry run returned.`,
        inputSchema: packToggleInput,
        outputSchema: packToggleOutput,
        annotations: { ...TOGGLE, destructiveHint: !enabled },
      },
      ({ id, apply, etag }) =>
        guarded(async () => {
          const ifMatch = requireEtag(apply, etag, "packs.json");
          const result = await services.setPackEnabled(id, enabled, { ifMatch, dryRun: !apply });
          return ok({ ...result, id, dryRun: !apply, warnings: [] });
        }),
    );

    tools.add(
      enabled ? "embed_enable" : "embed_disable",
      {
        title: enabled ? "Enable an embed capability" : "Disable an embed capability",
        description: `${enabled ? "Enables" : "Disables"} an embed capability through its project overlay (<proj>/embed/<id>.manifest.json). A dry run unless apply is true; applying needs the overlay etag the dry run returned ("absent" before one exists).`,
        inputSchema: embedToggleInput,
        outputSchema: embedToggleOutput,
        annotations: { ...TOGGLE, destructiveHint: !enabled },
      },
      ({ id, apply, etag }) =>
        guarded(async () => {
          const ifMatch = requireEtag(apply, etag, `the overlay of "${id}"`);
          const opts = { ifMatch, dryRun: !apply };
          const result = enabled ? await services.embed.enable(id, opts) : await services.embed.disable(id, opts);
          return ok({ ...result, dryRun: !apply, warnings: [], capability: await services.embed.status(id) });
        }),
    );
  }

  tools.add(
    "embed_dry_run",
    {
      title: "Dry-run an embed capability",
      description:
        "The whole chain a tick would resolve (specialist, prompt, providers, framework, output contract, runtime), executing nothing.",
      inputSchema: embedDryRunInput,
      outputSchema: embedDryRunOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ id }) => guarded(async () => ok(await services.embed.dryRun(id))),
  );
}
