import { z } from "zod";
import { house, idSchema, stringList } from "./common";

/** Construct checks only that a policy is an object; every field check here is a house check (warnings). */
export const policySchema = z.looseObject({
  id: idSchema,
  owner: house(z.string()).optional(),
  description: house(z.string()).optional(),
  enforcement: house(z.string()).optional(),
  mode: house(z.string()).optional(),
  requiresApprovalFrom: house(stringList("requiresApprovalFrom")).optional(),
  mayVetoFrom: house(stringList("mayVetoFrom")).optional(),
  escalatesTo: house(stringList("escalatesTo")).optional(),
  decisionRights: house(stringList("decisionRights")).optional(),
  conditions: house(z.array(z.unknown())).optional(),
  evidence: house(stringList("evidence")).optional(),
  source: house(z.string().nullable()).optional(),
});

export type Policy = z.infer<typeof policySchema>;
