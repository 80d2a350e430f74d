import type { FieldError } from "@/schemas/field-error";
import type { EntityRecord, Section } from "@/schemas/kinds";
import { isObject } from "@/schemas/views";
import { fieldError } from "./field-error";
import type { OrgIndex } from "./org-index";

/**
 * Construct 2.1.1's registry validator (`lib/registry/validator.mjs` `validate`) restated for the
 * records of the installed package's registry, under its rule ids. It has no warnings: every
 * problem is an error, as Construct refuses to load such a registry. Custom worker profiles are
 * judged by worker-profile-rules.ts instead.
 */

type Segment = string | number;

/** The fields Construct allows on each registry entity; any other is `unknown-entity-field`. */
const ENTITY_FIELDS: Partial<Record<Section, ReadonlySet<string>>> = {
  "workspace-presets": new Set([
    "id",
    "displayName",
    "tagline",
    "skills",
    "procedures",
    "intake",
    "artifactClasses",
    "hooks",
    "toneDefaults",
    "researchProfiles",
    "rebrand",
    "capabilities",
    "experimental",
  ]),
  "worker-profiles": new Set([
    "id",
    "displayName",
    "tagline",
    "description",
    "runtime",
    "modelTier",
    "reasoningEffort",
    "skillEmphasis",
    "procedureAffinity",
    "capabilities",
    "policyFence",
    "events",
    "artifactClasses",
    "watchConditions",
    "permissions",
    "participationRules",
    "toolGrants",
    "webAccess",
    "manualOnly",
  ]),
  procedures: new Set([
    "id",
    "version",
    "type",
    "workerProfiles",
    "approvalMode",
    "modelTier",
    "state",
    "modes",
    "surfaces",
    "description",
    "outputSchema",
    "durableStateModel",
    "intakeType",
    "embed",
  ]),
  capabilities: new Set([
    "id",
    "name",
    "description",
    "criticality",
    "ownerWorkerProfiles",
    "requiredSkills",
    "requiredProcedures",
    "contracts",
    "state",
    "surfaces",
    "verification",
    "humanGate",
    "lastValidated",
  ]),
  "registry-policies": new Set([
    "id",
    "ownerWorkerProfile",
    "description",
    "enforcement",
    "mode",
    "approvalWorkerProfiles",
    "requiredPolicies",
    "vetoWorkerProfiles",
    "escalationWorkerProfiles",
    "governs",
    "conditions",
    "evidence",
  ]),
};
const CONTRACT_FIELDS = new Set([
  "id",
  "producer",
  "consumer",
  "trigger",
  "input",
  "output",
  "preconditions",
  "postconditions",
  "description",
  "skillHints",
  "enforcementLevel",
  "approvalWorkerProfiles",
]);
const ENFORCEMENT_LEVELS = ["advisory", "soft", "hard"];
const PARTIES = new Set(["user", "construct", "*"]);

/** Whether `section` is one the registry validator judges. */
export const isRegistrySection = (section: Section) => section in ENTITY_FIELDS;

/** What Construct iterates with `for…of (x || [])`: a list, else nothing it can read. */
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function registryRules(ix: OrgIndex, section: Section, id: string, rec: EntityRecord): FieldError[] {
  const out: FieldError[] = [];
  const error = (rule: string, message: string, path: Segment[] = []) =>
    out.push(fieldError(rule, "error", message, section, id, path));
  const known = ENTITY_FIELDS[section];
  if (!known) return out;
  for (const field of Object.keys(rec))
    if (!known.has(field)) error("unknown-entity-field", `unknown field ${field} in ${section} ${id}`, [field]);

  const has = (s: Section, other: unknown) => typeof other === "string" && ix.records[s].has(other);
  const isProfile = (other: unknown) => has("worker-profiles", other);
  const refs = (field: string, target: Section, rule: string, noun: string, ok = (v: unknown) => has(target, v)) => {
    for (const other of listOf(rec[field]))
      if (!ok(other)) error(rule, `${id} references unknown ${noun} ${String(other)}`, [field]);
    if (rec[field] !== undefined && rec[field] !== null && !Array.isArray(rec[field]))
      error(rule, `${id}: ${field} must be a list of ${noun} ids`, [field]);
  };

  switch (section) {
    case "worker-profiles":
      if (id.startsWith("cx-"))
        error("prefixed-worker-profile-id", `worker profile id must not use cx-: ${id} (rename the file and its id)`);
      refs("procedureAffinity", "procedures", "worker-profile-unknown-procedure", "procedure");
      refs("capabilities", "capabilities", "worker-profile-unknown-capability", "capability");
      break;
    case "workspace-presets":
      refs("procedures", "procedures", "workspace-preset-unknown-procedure", "procedure");
      break;
    case "procedures":
      refs("workerProfiles", "worker-profiles", "procedure-unknown-worker-profile", "worker profile");
      break;
    case "capabilities":
      refs("ownerWorkerProfiles", "worker-profiles", "capability-unknown-worker-profile", "worker profile");
      refs("requiredProcedures", "procedures", "capability-unknown-procedure", "procedure");
      if (isObject(rec.contracts))
        for (const [contractId, contract] of Object.entries(rec.contracts))
          out.push(...contractRules(id, contractId, contract, isProfile));
      break;
    case "registry-policies": {
      const ok = (v: unknown) => v === "construct" || isProfile(v);
      if (!ok(rec.ownerWorkerProfile))
        error(
          "policy-unknown-worker-profile",
          `${id}.ownerWorkerProfile references unknown worker profile ${String(rec.ownerWorkerProfile)}`,
          ["ownerWorkerProfile"],
        );
      for (const field of ["approvalWorkerProfiles", "vetoWorkerProfiles", "escalationWorkerProfiles"])
        refs(field, "worker-profiles", "policy-unknown-worker-profile", "worker profile", ok);
      refs("requiredPolicies", "registry-policies", "policy-unknown-policy", "policy");
      break;
    }
  }
  return out;
}

function contractRules(
  capabilityId: string,
  contractId: string,
  contract: unknown,
  isProfile: (v: unknown) => boolean,
): FieldError[] {
  const out: FieldError[] = [];
  const error = (rule: string, message: string, ...path: Segment[]) =>
    out.push(fieldError(rule, "error", message, "capabilities", capabilityId, ["contracts", contractId, ...path]));
  const c = isObject(contract) ? contract : {};
  for (const field of Object.keys(c))
    if (!CONTRACT_FIELDS.has(field))
      error("unknown-contract-field", `unknown field in ${capabilityId}.${contractId}: ${field}`, field);
  const party = (v: unknown) => (typeof v === "string" && PARTIES.has(v)) || isProfile(v);
  if (c.id !== contractId)
    error("capability-contract-id-mismatch", `${capabilityId} contract key ${contractId} declares id ${String(c.id)}`);
  if (!party(c.producer))
    error(
      "capability-contract-unknown-producer",
      `${contractId} references unknown producer ${String(c.producer)}`,
      "producer",
    );
  if (!party(c.consumer))
    error(
      "capability-contract-unknown-consumer",
      `${contractId} references unknown consumer ${String(c.consumer)}`,
      "consumer",
    );
  const level = c.enforcementLevel;
  const approvers = listOf(c.approvalWorkerProfiles);
  if (level !== undefined && level !== null && !ENFORCEMENT_LEVELS.includes(level as string))
    error(
      "capability-contract-enforcement",
      `contract '${String(c.id)}' declares unknown enforcementLevel '${String(level)}' (expected one of: ${ENFORCEMENT_LEVELS.join(", ")})`,
      "enforcementLevel",
    );
  else if (level === "hard" && !approvers.some((a) => typeof a === "string" && a.length > 0))
    error(
      "capability-contract-enforcement",
      `contract '${String(c.id)}' declares enforcementLevel 'hard' but names no approvalWorkerProfiles: nothing could ever clear it`,
      "enforcementLevel",
    );
  for (const approver of approvers)
    if (!party(approver))
      error(
        "capability-contract-unknown-approver",
        `${contractId} names unknown approvalWorkerProfile ${String(approver)}`,
        "approvalWorkerProfiles",
      );
  return out;
}
