import { planDraftBodySchema } from "@/schemas/plan";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { planService } from "@/server/services";

const NO_STORE = { "Cache-Control": "no-store" };

/** The current org against a git revision (`?against=`, default HEAD). Files are for the CLI only. */
export const GET = handle(async (request: Request) => {
  const against = new URL(request.url).searchParams.get("against") || undefined;
  return Response.json(await planService().plan(against, { allowFiles: false }), { headers: NO_STORE });
});

/** What one unsaved edit would do to the org as saved. */
export const POST = handle(async (request: Request) => {
  const body = parseWith(planDraftBodySchema, await readJson(request));
  const draft = "remove" in body ? { kind: body.kind, id: body.id, remove: true as const } : body;
  return Response.json(await planService().planDraft(draft), { headers: NO_STORE });
});
