import { z } from "zod";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { layoutStore } from "@/server/services";

const bodySchema = z.object({
  positions: z.record(z.string(), z.object({ x: z.number().finite(), y: z.number().finite() }).nullable()),
});

export const GET = handle(async () =>
  Response.json(await layoutStore().read(), { headers: { "Cache-Control": "no-store" } }),
);

export const PUT = handle(async (request: Request) => {
  const body = parseWith(bodySchema, await readJson(request));
  return Response.json(await layoutStore().update(body.positions));
});
