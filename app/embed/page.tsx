import type { Metadata } from "next";
import { DeferredEmbed } from "@/components/embed/deferred-embed";
import { pageName } from "@/lib/shell/pages";
import { ENTITY_KIND_SPECS } from "@/schemas/kinds";
import { embedService, orgApi } from "@/server/services";
import { PageShell } from "../_shell/page-shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: pageName("/embed") };

export default async function EmbedPage() {
  const { adapter, construct } = orgApi().paths;
  const frame = {
    runner: ENTITY_KIND_SPECS[adapter.principal].title,
    summary: adapter.embedSummary(construct),
    tickAbsent: adapter.absent["embed-tick"] ?? null,
    overridesAbsent: adapter.absent["embed-overrides"] ?? null,
  };
  return (
    <PageShell current="/embed">
      <DeferredEmbed initial={await embedService().list()} frame={frame} />
    </PageShell>
  );
}
