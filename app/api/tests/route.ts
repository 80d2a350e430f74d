import { orgTestJsonSchema, saveTestBodySchema } from "@/schemas/org-test";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { orgTestService } from "@/server/services";

const NO_STORE = { "Cache-Control": "no-store" };

/** Every test file with its cases (or why it cannot be read); `?schema=1` for the JSON Schema. */
export const GET = handle(async (request: Request) => {
  if (new URL(request.url).searchParams.get("schema")) return Response.json(orgTestJsonSchema());
  return Response.json({ files: await orgTestService().files() }, { headers: NO_STORE });
});

/** "Save as test": appends one case to `<proj>/tests/<file>`. */
export const POST = handle(async (request: Request) => {
  const body = parseWith(saveTestBodySchema, await readJson(request));
  return Response.json(await orgTestService().saveCase(body.file, body.case), { status: 201, headers: NO_STORE });
});
