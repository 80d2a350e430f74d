import type { Metadata } from "next";
import { TestsView } from "@/components/plan/tests-view";
import { Providers } from "@/components/providers";
import { pageName } from "@/lib/shell/pages";
import { orgVersionSeed } from "../_live/org-version";
import { PageShell } from "../_shell/page-shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: pageName("/tests") };

export default async function TestsPage({ searchParams }: { searchParams: Promise<{ failures?: string }> }) {
  const { failures } = await searchParams;
  return (
    <PageShell current="/tests">
      <Providers seed={[orgVersionSeed()]}>
        <TestsView initialFailuresOnly={failures === "1"} />
      </Providers>
    </PageShell>
  );
}
