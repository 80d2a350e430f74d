import { EmbedDashboard } from "@/components/embed/embed-dashboard";
import { Providers } from "@/components/providers";
import { embedService } from "@/server/services";

export const dynamic = "force-dynamic";

export default async function EmbedPage() {
  const initial = await embedService().list();
  return (
    <Providers>
      <EmbedDashboard initial={initial} />
    </Providers>
  );
}
