import { z } from "zod";

export const trustBodySchema = z.strictObject({ revoke: z.boolean().optional() });
