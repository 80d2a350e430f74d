import { z } from "zod";
import { handle, jsonResponse, parseWith, readJson } from "@/server/http/handle";
import { requireIfMatch } from "@/server/http/params";
import { promptError } from "@/server/http/prompt-error";
import { resolveSpecialistPrompt, savePrompt } from "@/server/services";

type Context = { params: Promise<{ id: string }> };

export const GET = handle(async (_request: Request, { params }: Context) => {
  const result = await resolveSpecialistPrompt((await params).id);
  if (!result.ok) throw promptError(result);
  return jsonResponse(result, 200, { ETag: result.etag });
});

export const PUT = handle(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = parseWith(z.object({ content: z.string() }), await readJson(request));
  const result = await savePrompt(id, body.content, requireIfMatch(request));
  // Saved, but something above the project prompt (an enabled pack) still fails to resolve.
  if (!result.ok) throw promptError(result);
  return jsonResponse(result, 200, { ETag: result.etag });
});
