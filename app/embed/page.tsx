import type { Metadata } from "next";
import { DeferredEmbed } from "@/components/embed/deferred-embed";
import { constructName } from "@/lib/packs/manifest-v2";
import { pageName } from "@/lib/shell/pages";
import { embedService, embedV2Service, packService } from "@/server/services";
import { PageShell } from "../_shell/page-shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: pageName("/embed") };

export default async function EmbedPage() {
  const v2 = embedV2Service();
  return (
    <PageShell current="/embed">
      {v2 ? (
        <DeferredEmbed
          generation="2.x"
          list={await v2.list()}
          construct={constructName(packService().paths.construct.version)}
        />
      ) : (
        <DeferredEmbed generation="adr" initial={await embedService().list()} />
      )}
    </PageShell>
  );
}
