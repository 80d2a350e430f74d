import { ChangesView } from "@/components/plan/changes-view";
import { Providers } from "@/components/providers";

export const dynamic = "force-dynamic";

export default async function ChangesPage({ searchParams }: { searchParams: Promise<{ against?: string }> }) {
  const { against } = await searchParams;
  return (
    <Providers>
      <ChangesView initialAgainst={against || "HEAD"} />
    </Providers>
  );
}
