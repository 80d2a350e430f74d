import { handle } from "@/server/http/handle";
import { listPacks } from "@/server/services";

export const GET = handle(async () => Response.json(await listPacks(), { headers: { "Cache-Control": "no-store" } }));
