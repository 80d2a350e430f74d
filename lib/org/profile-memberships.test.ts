import { describe, expect, it } from "vitest";
import { emptyOrg } from "@/schemas/kinds";
import { profileMemberships } from "./profile-memberships";

describe("profileMemberships", () => {
  it("names the procedures a profile takes part in, the one an embed block runs as, and the capabilities it owns", () => {
    const org = emptyOrg();
    org.procedures["prd-draft"] = { id: "prd-draft", workerProfiles: ["product-manager", "architect"] };
    org.procedures["pm-repos"] = { id: "pm-repos", workerProfiles: [], embed: { workerProfileId: "architect" } };
    org.procedures.triage = { id: "triage", workerProfiles: ["orchestrator"] };
    org.capabilities["document-type.adr"] = { id: "document-type.adr", ownerWorkerProfiles: ["architect"] };
    expect(profileMemberships(org, "architect")).toEqual([
      { kind: "procedure", id: "prd-draft", field: "workerProfiles" },
      { kind: "procedure", id: "pm-repos", field: "embed.workerProfileId" },
      { kind: "capability", id: "document-type.adr", field: "ownerWorkerProfiles" },
    ]);
    expect(profileMemberships(org, "nobody")).toEqual([]);
  });
});
