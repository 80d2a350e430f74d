import { z } from "zod";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { promptService } from "@/server/services";

type Context = { params: Promise<{ id: string }> };

export const GET = handle(async (_request: Request, { params }: Context) =>
  Response.json(await promptService().resolve((await params).id), { headers: { "Cache-Control": "no-store" } }));

export const PUT = handle(async (request: Request, { params }: Context) => {
  const body = parseWith(z.object({ content: z.string() }), await readJson(request));
  return Response.json(await promptService().saveOverride((await params).id, body.content));
});
