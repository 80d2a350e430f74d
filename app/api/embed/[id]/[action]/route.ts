import { AppError } from "@/server/errors";
import { handle } from "@/server/http/handle";
import { embedService } from "@/server/services";

type Context = { params: Promise<{ id: string; action: string }> };

/** `GET /api/embed/{id}/status`: the capability with its durable last-tick record. */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const { id, action } = await params;
  if (action !== "status") throw new AppError("not_found", "use GET /api/embed/{id}/status");
  return Response.json(await embedService().status(id), { headers: { "Cache-Control": "no-store" } });
});

/** `POST /api/embed/{id}/enable|disable|dry-run|tick`. */
export const POST = handle(async (_request: Request, { params }: Context) => {
  const { id, action } = await params;
  const embed = embedService();
  switch (action) {
    case "enable":
      return Response.json(await embed.enable(id));
    case "disable":
      return Response.json(await embed.disable(id));
    case "dry-run":
      return Response.json(await embed.dryRun(id));
    case "tick":
      return Response.json({ ok: true, record: await embed.tick(id, "manual") });
    default:
      throw new AppError("not_found", "use POST /api/embed/{id}/enable, /disable, /dry-run or /tick");
  }
});
