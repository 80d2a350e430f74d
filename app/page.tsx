import type { Metadata } from "next";
import { DeferredEditor } from "@/components/editor/deferred-editor";
import type { QuerySeed } from "@/components/providers";
import { gitIgnoreKey } from "@/lib/queries/git-ignore";
import { orgKeys } from "@/lib/queries/org-keys";
import { orgVersionKey } from "@/lib/queries/org-version";
import { pageName } from "@/lib/shell/pages";
import { constructStatus } from "@/server/construct/status";
import { firstPaintSummary, foldedFirstView } from "@/server/org/first-view";
import { gitIgnoreStatus, layoutStore, orgApi } from "@/server/services";

export const dynamic = "force-dynamic";
// The layout's title template reaches only pages below it, so the editor spells its title out.
export const metadata: Metadata = { title: { absolute: `${pageName("/")} · Construct Studio` } };

export default async function EditorPage() {
  const api = orgApi();
  // Read before the org, so the stream's first `ready` of the same version needs no refetch.
  const version = api.version();
  const layout = await layoutStore()
    .read()
    .catch(() => null);
  // A big org's first paint is its folded view alone; the browser loads the records after it.
  const folded = await foldedFirstView(api, layout).catch(() => null);
  // Otherwise first paint ships only what the canvas draws (the whole org was 4.6 MB of HTML at 1,000
  // specialists); the browser loads the full lists after, and fetches anything that failed here.
  const reads: (readonly [readonly unknown[], Promise<unknown>])[] = [
    ...(folded
      ? [[orgKeys.folded, Promise.resolve(folded)] as const]
      : [[orgKeys.summary, firstPaintSummary(api)] as const, [orgKeys.autoLayout, api.autoLayout()] as const]),
    ...(layout ? [[orgKeys.layout, Promise.resolve(layout)] as const] : []),
    [gitIgnoreKey, gitIgnoreStatus()],
  ];
  const answers = await Promise.allSettled(reads.map(([, read]) => read));
  const seed: QuerySeed = [
    { key: orgVersionKey, data: version },
    ...answers.flatMap((a, i) => (a.status === "fulfilled" ? [{ key: reads[i][0], data: a.value }] : [])),
  ];
  return (
    <DeferredEditor
      seed={seed}
      root={api.paths.root}
      construct={{
        ...constructStatus(api.paths),
        problems: api.paths.construct.problems,
        workspacePreset: api.paths.construct.workspacePreset,
      }}
    />
  );
}
