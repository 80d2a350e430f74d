import { EmbedDashboard } from "@/components/embed/embed-dashboard";
import { EmbedV2Dashboard } from "@/components/embed/embed-v2-dashboard";
import { Providers } from "@/components/providers";
import { constructName } from "@/lib/packs/manifest-v2";
import { embedService, embedV2Service, packService } from "@/server/services";

export const dynamic = "force-dynamic";

export default async function EmbedPage() {
  const v2 = embedV2Service();
  if (v2)
    return (
      <Providers>
        <EmbedV2Dashboard list={await v2.list()} construct={constructName(packService().paths.construct.version)} />
      </Providers>
    );
  const initial = await embedService().list();
  return (
    <Providers>
      <EmbedDashboard initial={initial} />
    </Providers>
  );
}
