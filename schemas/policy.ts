import { z } from "zod";
import { idSchema, stringList } from "./common";

export const policySchema = z.looseObject({
  id: idSchema,
  owner: z.string().optional(),
  description: z.string().optional(),
  enforcement: z.string().optional(),
  mode: z.string().optional(),
  requiresApprovalFrom: stringList("requiresApprovalFrom").optional(),
  mayVetoFrom: stringList("mayVetoFrom").optional(),
  escalatesTo: stringList("escalatesTo").optional(),
  decisionRights: stringList("decisionRights").optional(),
  conditions: z.array(z.unknown()).optional(),
  evidence: stringList("evidence").optional(),
});

export type Policy = z.infer<typeof policySchema>;
