import { handle } from "@/server/http/handle";
import { embedService, embedV2Service } from "@/server/services";

export const dynamic = "force-dynamic";

/**
 * `GET /api/embed`: every capability from the three tiers, with its runtime, last and next tick; in a
 * Construct 2.x project, its procedures with an `embed` block (`generation: "2"`).
 */
export const GET = handle(async () =>
  Response.json(await (embedV2Service() ?? embedService()).list(), { headers: { "Cache-Control": "no-store" } }),
);
