import { enableBodySchema } from "@/schemas/pack-preview";
import { AppError } from "@/server/errors";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { packPreviewService, setPackEnabled } from "@/server/services";

type Context = { params: Promise<{ rest: string[] }> };

/**
 * `POST /api/packs/{id}/enable|disable|preview`; a scoped id spans two segments (`@org/pack`).
 * An enable that would introduce errors is refused (422) unless the body says `{ "force": true }`.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  const { rest } = await params;
  const action = rest.at(-1);
  const id = rest.slice(0, -1).join("/");
  if (!id || (action !== "enable" && action !== "disable" && action !== "preview"))
    throw new AppError("not_found", "use POST /api/packs/{id}/enable, /disable or /preview");
  if (action === "preview") return Response.json(await packPreviewService().previewEnable(id));
  if (action === "enable") {
    const body = parseWith(enableBodySchema, await readJson(request));
    return Response.json(await packPreviewService().enable(id, { force: body.force }));
  }
  return Response.json(await setPackEnabled(id, false));
});
