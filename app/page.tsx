import type { Metadata } from "next";
import { EditorShell } from "@/components/editor/editor-shell";
import { Providers, type QuerySeed } from "@/components/providers";
import { summarize } from "@/lib/api/summary";
import { gitIgnoreKey } from "@/lib/queries/git-ignore";
import { orgKeys } from "@/lib/queries/org";
import { orgVersionKey } from "@/lib/queries/org-version";
import { pageName } from "@/lib/shell/pages";
import { ENTITY_KINDS } from "@/schemas/kinds";
import { constructStatus } from "@/server/construct/status";
import { gitIgnoreStatus, layoutStore, orgApi } from "@/server/services";

export const dynamic = "force-dynamic";
// The layout's title template reaches only pages below it, so the editor spells its title out.
export const metadata: Metadata = { title: { absolute: `${pageName("/")} · Construct Studio` } };

export default async function EditorPage() {
  const api = orgApi();
  // Read before the org, so the stream's first `ready` of the same version needs no refetch.
  const version = api.version();
  // First paint ships only what the canvas draws (the whole org was 4.6 MB of HTML at 1,000 specialists);
  // the browser loads the full lists after, and fetches anything that failed here.
  const answers = await Promise.allSettled([
    (async () => ({
      ...summarize(await Promise.all(ENTITY_KINDS.map((kind) => api.listEntities(kind)))),
      generation: api.paths.construct.generation,
    }))(),
    layoutStore().read(),
    api.autoLayout(),
    gitIgnoreStatus(),
  ]);
  const keys = [orgKeys.summary, orgKeys.layout, orgKeys.autoLayout, gitIgnoreKey];
  const seed: QuerySeed = [
    { key: orgVersionKey, data: version },
    ...answers.flatMap((a, i) => (a.status === "fulfilled" ? [{ key: keys[i], data: a.value }] : [])),
  ];
  return (
    <Providers seed={seed}>
      <EditorShell
        root={api.paths.root}
        construct={{
          ...constructStatus(api.paths),
          problems: api.paths.construct.problems,
          workspacePreset: api.paths.construct.workspacePreset,
        }}
      />
    </Providers>
  );
}
