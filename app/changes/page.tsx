import { ChangesView } from "@/components/plan/changes-view";
import { Providers } from "@/components/providers";
import { gitIgnoreKey } from "@/lib/queries/git-ignore";
import { gitIgnoreStatus } from "@/server/services";
import { orgVersionSeed } from "../_live/org-version";

export const dynamic = "force-dynamic";

export default async function ChangesPage({ searchParams }: { searchParams: Promise<{ against?: string }> }) {
  const { against } = await searchParams;
  // Seeded, so the warning shows with the first paint and costs the page no request.
  const ignore = await gitIgnoreStatus().catch(() => null);
  return (
    <Providers seed={[orgVersionSeed(), ...(ignore ? [{ key: gitIgnoreKey, data: ignore }] : [])]}>
      <ChangesView initialAgainst={against || "HEAD"} />
    </Providers>
  );
}
