import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { EditorShell } from "@/components/editor/editor-shell";
import { Providers } from "@/components/providers";
import { summarize } from "@/lib/api/summary";
import { orgKeys } from "@/lib/queries/org";
import { orgVersionKey } from "@/lib/queries/org-version";
import { ENTITY_KINDS } from "@/schemas/org";
import { layoutStore, orgApi } from "@/server/services";

export const dynamic = "force-dynamic";

export default async function EditorPage() {
  const api = orgApi();
  const queryClient = new QueryClient();
  // Read before the org: the page's data, and whatever the browser fetches after, is at least this
  // new, so the event stream's first `ready` of the same version needs no refetch.
  queryClient.setQueryData(orgVersionKey, api.version());
  // First paint comes with what the canvas draws: a slim summary of every record (the whole
  // org's JSON was 4.6 MB of HTML at 1,000 specialists), the saved and the automatic layout. The
  // full lists load in the browser after it, for the panel, the palette and every edit.
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: orgKeys.summary,
      queryFn: async () => summarize(await Promise.all(ENTITY_KINDS.map((kind) => api.listEntities(kind)))),
    }),
    queryClient.prefetchQuery({ queryKey: orgKeys.layout, queryFn: () => layoutStore().read() }),
    queryClient.prefetchQuery({ queryKey: orgKeys.autoLayout, queryFn: () => api.autoLayout() }),
  ]);
  return (
    <Providers>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <EditorShell root={api.paths.root} />
      </HydrationBoundary>
    </Providers>
  );
}
