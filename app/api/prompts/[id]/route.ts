import { z } from "zod";
import { errorResponse, handle, parseWith, readJson } from "@/server/http/handle";
import { requireIfMatch } from "@/server/http/params";
import { resolveSpecialistPrompt, savePrompt } from "@/server/services";

type Context = { params: Promise<{ id: string }> };

export const GET = handle(async (_request: Request, { params }: Context) => {
  const result = await resolveSpecialistPrompt((await params).id);
  return result.ok
    ? Response.json(result, { headers: { "Cache-Control": "no-store", ETag: result.etag } })
    : errorResponse("invalid", result.message);
});

export const PUT = handle(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = parseWith(z.object({ content: z.string() }), await readJson(request));
  const result = await savePrompt(id, body.content, requireIfMatch(request));
  return result.ok
    ? Response.json(result, { headers: { ETag: result.etag } })
    : errorResponse("invalid", result.message);
});
