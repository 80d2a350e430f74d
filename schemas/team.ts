import { z } from "zod";
import { constructText, house, idSchema, nonEmptyString, roleSchema, stringList } from "./common";
import { TEAM_KINDS } from "./kinds";

const teamFields = {
  id: idSchema,
  // Construct wants a non-empty string; a blank one it accepts, so that is a house warning.
  name: z
    .string({ error: '"name" must be a string' })
    .min(1, { error: '"name" must not be empty' })
    .and(house(nonEmptyString('"name"'))),
  owner: z
    .string({ error: '"owner" is required: the role that owns this team' })
    .min(1, { error: '"owner" is required: the role that owns this team' })
    .and(house(roleSchema)),
  roles: z
    .array(house(roleSchema), { error: '"roles" must be a non-empty array of role names' })
    .min(1, { error: '"roles" must be a non-empty array of role names' }),
  charter: constructText("charter", 20),
  groupId: house(idSchema).optional(),
  decisionRights: z.array(house(z.string()), { error: '"decisionRights" must be an array' }).optional(),
  forbiddenDecisions: z.array(house(z.string()), { error: '"forbiddenDecisions" must be an array' }).optional(),
  escalationPath: z
    .array(house(roleSchema), { error: '"escalationPath" must be an ordered array of role names' })
    .optional(),
  collaborators: house(stringList("collaborators")).optional(),
  // Construct refuses a contact that is not an object, and `null` passes its `typeof` test.
  contact: z
    .custom<Record<string, unknown>>((v) => typeof v === "object" && !Array.isArray(v), {
      error: '"contact" must be an object',
    })
    .and(house(z.record(z.string(), z.unknown(), { error: '"contact" should be an object, not null' })))
    .optional(),
  evidence: house(stringList("evidence")).optional(),
  manualOnly: house(z.boolean()).optional(),
};

function ownerAmongRoles(t: { owner?: unknown; roles?: unknown }, ctx: z.RefinementCtx) {
  if (typeof t.owner === "string" && Array.isArray(t.roles) && !t.roles.includes(t.owner)) {
    ctx.addIssue({ code: "custom", path: ["roles"], message: `"roles" must include the owner role "${t.owner}"` });
  }
}

export const teamSchema = z
  .looseObject({
    ...teamFields,
    kind: house(z.enum(TEAM_KINDS, { error: '"kind" of a team is "squad" (groups live in groups/)' })).optional(),
    specialists: z.array(house(idSchema), { error: '"specialists" must be an array of specialist ids' }).optional(),
  })
  .superRefine(ownerAmongRoles, { when: () => true });

export const groupSchema = z
  .looseObject({
    ...teamFields,
    kind: house(z.literal("group", { error: '"kind" of a group must be "group"' })).optional(),
    // Construct validates a group as a team, which has no squads: the list's shape is ours.
    squads: house(z.array(idSchema, { error: '"squads" should be an array of team ids' })).optional(),
  })
  .superRefine(ownerAmongRoles, { when: () => true });

export type Team = z.infer<typeof teamSchema>;
export type Group = z.infer<typeof groupSchema>;
