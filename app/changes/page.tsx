import type { Metadata } from "next";
import { ChangesView } from "@/components/plan/changes-view";
import { Providers } from "@/components/providers";
import { gitIgnoreKey } from "@/lib/queries/git-ignore";
import { pageName } from "@/lib/shell/pages";
import { gitIgnoreStatus } from "@/server/services";
import { orgVersionSeed } from "../_live/org-version";
import { PageShell } from "../_shell/page-shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: pageName("/changes") };

export default async function ChangesPage({ searchParams }: { searchParams: Promise<{ against?: string }> }) {
  const { against } = await searchParams;
  // Seeded, so the warning shows with the first paint and costs the page no request.
  const ignore = await gitIgnoreStatus().catch(() => null);
  return (
    <PageShell current="/changes">
      <Providers seed={[orgVersionSeed(), ...(ignore ? [{ key: gitIgnoreKey, data: ignore }] : [])]}>
        <ChangesView initialAgainst={against || "HEAD"} />
      </Providers>
    </PageShell>
  );
}
