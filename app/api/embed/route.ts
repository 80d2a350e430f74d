import { handle } from "@/server/http/handle";
import { embedService } from "@/server/services";

export const dynamic = "force-dynamic";

/** `GET /api/embed`: every capability of the project's generation, with its runtime, last and next tick. */
export const GET = handle(async () =>
  Response.json(await embedService().list(), { headers: { "Cache-Control": "no-store" } }),
);
