import { AppError } from "@/server/errors";
import { handle } from "@/server/http/handle";
import { setPackEnabled } from "@/server/services";

type Context = { params: Promise<{ rest: string[] }> };

/** `POST /api/packs/{id}/enable|disable`; a scoped id spans two segments (`@org/pack`). */
export const POST = handle(async (_request: Request, { params }: Context) => {
  const { rest } = await params;
  const action = rest.at(-1);
  const id = rest.slice(0, -1).join("/");
  if (!id || (action !== "enable" && action !== "disable"))
    throw new AppError("not_found", "use POST /api/packs/{id}/enable or /disable");
  return Response.json(await setPackEnabled(id, action === "enable"));
});
