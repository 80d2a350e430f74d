import { z } from "zod";

/**
 * `studio/accepted.json`: warnings the project has decided to live with, each with the reason, kept
 * in git beside the org so a silence is reviewed like any change. Only warnings are silenced: an
 * error is never hidden, whatever the file says.
 */
export const acceptedEntrySchema = z
  .object({
    /** The rule id the warnings carry (`fence-glob-matches-nothing`). */
    rule: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9][a-z0-9-]*$/, "a rule id: lowercase letters, digits and hyphens"),
    /** Only the rule's warnings at or under this record or field (`#/specialists/alpha`); all of them when left out. */
    where: z.string().max(500).regex(/^#\//, "a location such as #/specialists/alpha").optional(),
    /** Why the project accepts these warnings: shown beside each one. */
    reason: z.string().trim().min(1, "say why these warnings are accepted").max(500),
  })
  .strict();
export type AcceptedEntry = z.infer<typeof acceptedEntrySchema>;

export const acceptedFileSchema = z
  .object({
    version: z.literal(1).default(1),
    accepted: z.array(acceptedEntrySchema).max(1000).default([]),
  })
  .strict();
export type AcceptedFile = z.infer<typeof acceptedFileSchema>;
