import { z } from "zod";
import { UPLOAD_BODY_LIMIT } from "@/server/http/guards";
import { handle, parseWith, readJson } from "@/server/http/handle";
import { installPackFrom } from "@/server/services";

const bodySchema = z
  .object({
    tier: z.enum(["user", "project"]).default("project"),
    path: z.string().min(1).max(4096).optional(),
    zipBase64: z
      .string()
      .max(28 * 1024 * 1024)
      .optional(),
  })
  .refine((b) => !!b.path !== !!b.zipBase64, {
    error: "give either path (a local folder) or zipBase64 (an uploaded .zip)",
  });

export const POST = handle(async (request: Request) => {
  const body = parseWith(bodySchema, await readJson(request, UPLOAD_BODY_LIMIT));
  return Response.json(
    await installPackFrom(
      body.path ? { folder: body.path } : { zip: Buffer.from(body.zipBase64 ?? "", "base64") },
      body.tier,
    ),
    { status: 201 },
  );
});
