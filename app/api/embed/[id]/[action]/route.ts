import { AppError } from "@/server/errors";
import { handle } from "@/server/http/handle";
import { embedService, embedV2Service } from "@/server/services";

type Context = { params: Promise<{ id: string; action: string }> };

/** `GET /api/embed/{id}/status`: the capability with its durable last-tick record. */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const { id, action } = await params;
  if (action !== "status") throw new AppError("not_found", "use GET /api/embed/{id}/status");
  const view = await (embedV2Service() ?? embedService()).status(id);
  return Response.json(view, { headers: { "Cache-Control": "no-store" } });
});

/** `POST /api/embed/{id}/enable|disable|dry-run|tick`. */
export const POST = handle(async (_request: Request, { params }: Context) => {
  const { id, action } = await params;
  const v2 = embedV2Service();
  if (v2 && (action === "enable" || action === "disable")) return Response.json(await v2[action](id));
  if (v2) throw new AppError("not_found", "a Construct 2.x capability takes POST /api/embed/{id}/enable or /disable");
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
