import { z } from "zod";
import { constructPresent, house, idSchema, nonEmptyString, stringList } from "./common";

import { ENFORCEMENT_LEVELS, POSTCONDITION_CHECK_NAMES, POSTCONDITION_CHECKS, POSTCONDITION_TYPES } from "./kinds";

const postconditionObject = z
  .looseObject({
    id: z.string().optional(),
    description: nonEmptyString('"description"'),
    postconditionType: z.enum(POSTCONDITION_TYPES, {
      error: '"postconditionType" must be "advisory" or "executable"',
    }),
    check: z
      .enum(POSTCONDITION_CHECK_NAMES, {
        error: (iss) =>
          `unknown check ${JSON.stringify(iss.input)}; known: ${Object.keys(POSTCONDITION_CHECKS).join(", ")}`,
      })
      .optional(),
    enforcedVia: z.string().optional(),
    section: z.string().optional(),
    field: z.string().optional(),
    columns: z.array(z.string()).optional(),
  })
  .superRefine((p, ctx) => {
    const param = p.check ? POSTCONDITION_CHECKS[p.check] : null;
    if (param && (p[param] === undefined || (Array.isArray(p[param]) && p[param].length === 0))) {
      ctx.addIssue({ code: "custom", path: [param], message: `check "${p.check}" needs "${param}"` });
    }
    if (p.postconditionType === "advisory" && p.check) {
      ctx.addIssue({
        code: "custom",
        path: ["check"],
        message: "an advisory postcondition cannot carry an executable check; make it executable or drop the check",
      });
    }
  });

/** Legacy bare-string postconditions are kept readable but are never executed. */
export const postconditionSchema = z.union([z.string(), postconditionObject], {
  error: "a postcondition is an object { description, postconditionType }",
});

const contractInputSchema = z.looseObject(
  { schema: z.string().optional(), mustContain: stringList("input.mustContain").optional() },
  { error: '"input" should be an object describing what the consumer receives' },
);
type ContractInput = z.infer<typeof contractInputSchema>;

export const contractSchema = z.looseObject({
  id: idSchema,
  description: house(z.string()).optional(),
  producer: nonEmptyString('"producer"'),
  consumer: nonEmptyString('"consumer"'),
  trigger: z.unknown().optional(),
  // Construct refuses only a missing input (`!c.input`); its shape is a house check.
  input: constructPresent<ContractInput>('"input" is required: an object describing what the consumer receives').and(
    house(contractInputSchema),
  ),
  output: house(
    z.looseObject({
      schema: z.string().optional(),
      type: z.string().optional(),
      mustContain: stringList("output.mustContain").optional(),
      mustContainOneOf: z.array(stringList("output.mustContainOneOf[]")).optional(),
      mustMatchEnum: z.record(z.string(), stringList("output.mustMatchEnum values")).optional(),
    }),
  ).optional(),
  preconditions: house(stringList("preconditions")).optional(),
  postconditions: house(z.array(postconditionSchema, { error: '"postconditions" should be an array' })).optional(),
  teamBoundary: house(
    z.looseObject({
      crosses: z.boolean().optional(),
      producerTeam: idSchema.optional(),
      consumerTeam: idSchema.optional(),
      requiresApprovalFrom: stringList("teamBoundary.requiresApprovalFrom").optional(),
    }),
  ).optional(),
  // Construct's later contracts carry these; the studio keeps them as they are.
  skillHints: house(stringList("skillHints").nullable()).optional(),
  enforcementLevel: house(
    z.enum(ENFORCEMENT_LEVELS, { error: '"enforcementLevel" should be advisory, soft or hard' }),
  ).optional(),
  approvalWorkerProfiles: house(stringList("approvalWorkerProfiles")).optional(),
});

export type Contract = z.infer<typeof contractSchema>;
