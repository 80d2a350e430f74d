import { z } from "zod";
import { layoutSchema } from "@/schemas/graph";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { layoutStore } from "@/server/services";

// Positions to merge (null forgets one), and the folded containers as a whole list; either may be left out.
const bodySchema = z.object({
  positions: z.record(z.string(), z.object({ x: z.number().finite(), y: z.number().finite() }).nullable()).default({}),
  collapsed: layoutSchema.shape.collapsed,
});

export const GET = handle(async () =>
  Response.json(await layoutStore().read(), { headers: { "Cache-Control": "no-store" } }),
);

export const PUT = handle(async (request: Request) => {
  const body = parseWith(bodySchema, await readJson(request));
  return Response.json(await layoutStore().update(body.positions, body.collapsed));
});
