import { describe, expect, it } from "vitest";
import { EMPTY_FENCE, effectiveFence, normalizeFence } from "@/lib/org/effective-fence";

describe("effectiveFence", () => {
  it("matches the upstream verified example", () => {
    const fence = { allowedPaths: ["docs/**"], approvalRequired: ["commit", "push", "product-scope", "edit:lib/**"] };
    expect(effectiveFence(fence, { forbiddenDecisions: ["product-scope", "deployment-timing"] })).toEqual({
      allowedPaths: ["docs/**"],
      allowedCommands: [],
      allowedBdLabels: [],
      approvalRequired: ["commit", "push", "edit:lib/**"],
      deniedActions: ["product-scope:**", "deployment-timing:**"],
    });
  });

  // Construct's previewEffectiveFence answers all five lists empty for an unknown team.
  it("without a team is empty; with a team that forbids nothing it is the own fence with every list present", () => {
    const fence = { allowedPaths: ["a/**"], approvalRequired: ["push"] };
    const normalized = {
      allowedPaths: ["a/**"],
      allowedCommands: [],
      allowedBdLabels: [],
      approvalRequired: ["push"],
      deniedActions: [],
    };
    expect(effectiveFence(fence, undefined)).toEqual(EMPTY_FENCE);
    expect(effectiveFence(fence, null)).toEqual(EMPTY_FENCE);
    expect(effectiveFence(fence, { forbiddenDecisions: [] })).toEqual(normalized);
    expect(normalizeFence("not a fence")).toEqual({
      allowedPaths: [],
      allowedCommands: [],
      allowedBdLabels: [],
      approvalRequired: [],
      deniedActions: [],
    });
  });

  it("drops approvals of a forbidden action, whole or scoped, and does not duplicate a denied entry", () => {
    const fence = {
      allowedPaths: ["a/**"],
      approvalRequired: ["commit", "push", "push:release/**"],
      deniedActions: ["push:**"],
    };
    expect(effectiveFence(fence, { forbiddenDecisions: ["push"] })).toEqual({
      allowedPaths: ["a/**"],
      allowedCommands: [],
      allowedBdLabels: [],
      approvalRequired: ["commit"],
      deniedActions: ["push:**"],
    });
  });

  it("does not modify the fence it is given", () => {
    const fence = { allowedPaths: ["a/**"], approvalRequired: ["push"], deniedActions: [] as string[] };
    const copy = structuredClone(fence);
    effectiveFence(fence, { forbiddenDecisions: ["push"] });
    expect(fence).toEqual(copy);
  });
});
