import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { EditorShell } from "@/components/editor/editor-shell";
import { Providers } from "@/components/providers";
import { orgKeys } from "@/lib/queries/org";
import { ENTITY_KINDS } from "@/schemas/org";
import { layoutStore, orgApi } from "@/server/services";

export const dynamic = "force-dynamic";

export default async function EditorPage() {
  const api = orgApi();
  const queryClient = new QueryClient();
  // First paint comes with the org: the same keys the client queries, filled from the façade.
  await Promise.all([
    ...[...ENTITY_KINDS, "skill" as const].map((kind) =>
      queryClient.prefetchQuery({ queryKey: orgKeys.list(kind), queryFn: () => api.listEntities(kind) }),
    ),
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
