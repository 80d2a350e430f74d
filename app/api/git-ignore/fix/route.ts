import { handle } from "@/server/http/handle";
import { flagParam, requireIfMatch } from "@/server/http/params";
import { fixGitIgnore } from "@/server/services";

/** Rewrites the ignore rule previewed by `GET /api/git-ignore` (its ETag as If-Match); `?dryRun=1` writes nothing. */
export const POST = handle(async (request: Request) => {
  const result = await fixGitIgnore({ ifMatch: requireIfMatch(request), dryRun: flagParam(request, "dryRun") });
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
});
