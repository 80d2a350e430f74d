import { runTestsBodySchema } from "@/schemas/org-test";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { orgTestService } from "@/server/services";

/** Runs every org test, against the saved org or with one unsaved draft in place; `coverage: true` adds fence coverage. */
export const POST = handle(async (request: Request) => {
  const body = parseWith(runTestsBodySchema, await readJson(request));
  return Response.json(await orgTestService().run(body.draft, { coverage: body.coverage }), {
    headers: { "Cache-Control": "no-store" },
  });
});
