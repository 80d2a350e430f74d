import * as z from "zod/mini";

/** `GET /api/tests`: the project's test files, each parsed JSON or the reason it could not be. */
export const testFilesSchema = z.object({
  files: z.array(z.object({ file: z.string(), value: z.optional(z.unknown()), error: z.optional(z.string()) })),
});
export type TestFiles = z.infer<typeof testFilesSchema>;

/** `POST /api/tests`: where the case was appended. */
export const savedTestSchema = z.object({ path: z.string(), index: z.number() });
export type SavedTest = z.infer<typeof savedTestSchema>;
