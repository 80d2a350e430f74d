import type { Metadata } from "next";
import { EmbedDashboard } from "@/components/embed/embed-dashboard";
import { EmbedV2Dashboard } from "@/components/embed/embed-v2-dashboard";
import { Providers } from "@/components/providers";
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
      <Providers>
        {v2 ? (
          <EmbedV2Dashboard list={await v2.list()} construct={constructName(packService().paths.construct.version)} />
        ) : (
          <EmbedDashboard initial={await embedService().list()} />
        )}
      </Providers>
    </PageShell>
  );
}
