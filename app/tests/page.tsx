import type { Metadata } from "next";
import { TestsView } from "@/components/plan/tests-view";
import { Providers } from "@/components/providers";
import { pageName } from "@/lib/shell/pages";
import { orgVersionSeed } from "../_live/org-version";
import { PageShell } from "../_shell/page-shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: pageName("/tests") };

export default function TestsPage() {
  return (
    <PageShell current="/tests">
      <Providers seed={[orgVersionSeed()]}>
        <TestsView />
      </Providers>
    </PageShell>
  );
}
