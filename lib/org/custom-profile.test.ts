import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { constructPackage } from "@/test/support/construct-package";
import { customProfileFrom } from "./custom-profile";
import { customProfileProblems } from "./worker-profile-rules";

describe("a registry profile as a custom one", () => {
  it("every profile of the real registry becomes a custom profile the studio's rules accept", () => {
    const dir = path.join(constructPackage().dir, "registry", "worker-profiles");
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const id = file.replace(/\.json$/, "");
      const custom = customProfileFrom(id, JSON.parse(readFileSync(path.join(dir, file), "utf8")));
      expect(custom).toMatchObject({ id, name: id, role: id, custom: true });
      expect(
        customProfileProblems(id, custom).filter((p) => p.severity === "error"),
        id,
      ).toEqual([]);
    }
  }, 120_000);

  it("maps the registry's fields onto the custom ones: tier, skills, fence, tools", () => {
    const custom = customProfileFrom("architect", {
      id: "architect",
      description: "Makes trade-offs explicit before implementation locks them in.",
      modelTier: "strong",
      reasoningEffort: "high",
      skillEmphasis: ["architecture/api-design", "not a ref"],
      policyFence: { allowedPaths: ["docs/**"], approvalRequired: ["commit"], somethingElse: true },
      toolGrants: ["Read", "Grep", "cx_trace"],
    });
    expect(custom).toEqual({
      id: "architect",
      name: "architect",
      description: "Makes trade-offs explicit before implementation locks them in.",
      role: "architect",
      modelTier: "reasoning",
      reasoningEffort: "high",
      skills: ["architecture/api-design"],
      fence: { allowedPaths: ["docs/**"], approvalRequired: ["commit"] },
      claudeTools: "Read,Grep",
      handoffCandidates: [],
      internal: true,
      custom: true,
    });
  });

  it("returns a custom record as it is", () => {
    const rec = { name: "widget", fence: { allowedPaths: ["src/**"] }, description: "x" };
    expect(customProfileFrom("widget", rec)).toBe(rec);
  });
});
