import { z } from "zod";

/** A skill file under `specialists/skills/<bundle>/<skill>.md`, listed read-only for the picker. */
export const skillSchema = z.object({
  id: z.string(),
  bundle: z.string(),
  name: z.string(),
  description: z.string(),
  path: z.string(),
});
export type Skill = z.infer<typeof skillSchema>;
