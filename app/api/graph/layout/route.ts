import { handle } from "@/server/http/handle";
import { orgApi } from "@/server/services";

export const GET = handle(async () =>
  Response.json(await orgApi().autoLayout(), { headers: { "Cache-Control": "no-store" } }),
);
