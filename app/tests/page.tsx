import { TestsView } from "@/components/plan/tests-view";
import { Providers } from "@/components/providers";

export const dynamic = "force-dynamic";

export default function TestsPage() {
  return (
    <Providers>
      <TestsView />
    </Providers>
  );
}
