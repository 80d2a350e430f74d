import { TestsView } from "@/components/plan/tests-view";
import { Providers } from "@/components/providers";
import { orgVersionSeed } from "../_live/org-version";

export const dynamic = "force-dynamic";

export default function TestsPage() {
  return (
    <Providers seed={[orgVersionSeed()]}>
      <TestsView />
    </Providers>
  );
}
