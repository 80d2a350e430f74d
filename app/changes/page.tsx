import { ChangesView } from "@/components/plan/changes-view";
import { Providers } from "@/components/providers";
import { orgVersionSeed } from "../_live/org-version";

export const dynamic = "force-dynamic";

export default async function ChangesPage({ searchParams }: { searchParams: Promise<{ against?: string }> }) {
  const { against } = await searchParams;
  return (
    <Providers seed={[orgVersionSeed()]}>
      <ChangesView initialAgainst={against || "HEAD"} />
    </Providers>
  );
}
