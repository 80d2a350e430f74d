import { z } from "zod";
import { idSchema, stringList } from "./common";

// The records Construct 2.x keeps only in its installed package's registry. The studio shows them and
// never writes them, so their shapes name the fields the studio reads and let every other field through.

const optionalList = (what: string) => stringList(what).optional();

export const procedureSchema = z.looseObject({
  id: idSchema,
  version: z.string().optional(),
  type: z.string().optional(),
  description: z.string().optional(),
  workerProfiles: optionalList("workerProfiles"),
  approvalMode: z.string().optional(),
  state: z.string().optional(),
  embed: z.looseObject({ workerProfileId: z.string().optional() }).optional(),
});

export const capabilityContractSchema = z.looseObject({
  id: z.string(),
  producer: z.string(),
  consumer: z.string(),
  description: z.string().optional(),
  trigger: z.string().optional(),
  enforcementLevel: z.string().optional(),
  approvalWorkerProfiles: optionalList("approvalWorkerProfiles"),
});

export const capabilitySchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  criticality: z.string().optional(),
  ownerWorkerProfiles: optionalList("ownerWorkerProfiles"),
  requiredSkills: optionalList("requiredSkills"),
  requiredProcedures: optionalList("requiredProcedures"),
  contracts: z.record(z.string(), capabilityContractSchema).optional(),
  state: z.string().optional(),
});

export const workspacePresetSchema = z.looseObject({
  id: idSchema,
  displayName: z.string().optional(),
  tagline: z.string().optional(),
  skills: z.array(z.unknown()).optional(),
  procedures: optionalList("procedures"),
});

export const registryPolicySchema = z.looseObject({
  id: idSchema,
  description: z.string().optional(),
  enforcement: z.string().optional(),
  mode: z.string().optional(),
  ownerWorkerProfile: z.string().optional(),
  approvalWorkerProfiles: optionalList("approvalWorkerProfiles"),
  vetoWorkerProfiles: optionalList("vetoWorkerProfiles"),
  escalationWorkerProfiles: optionalList("escalationWorkerProfiles"),
  requiredPolicies: optionalList("requiredPolicies"),
});

export type Procedure = z.infer<typeof procedureSchema>;
export type Capability = z.infer<typeof capabilitySchema>;
export type WorkspacePreset = z.infer<typeof workspacePresetSchema>;
export type RegistryPolicy = z.infer<typeof registryPolicySchema>;
