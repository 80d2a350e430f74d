import * as z from "zod/mini";

/** What `POST /api/construct/trust` answers that the editor reads: whether the package may now run, and why. */
export const trustAnswerSchema = z.object({ trusted: z.boolean(), trust: z.string() });
