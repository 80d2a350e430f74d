import { describe, expect, it } from "vitest";
import { constructPackage } from "@/test/support/construct-package";
import { runPackageValidators } from "./package-validator";

/** The runner against the real package's pack-manifest and embed-block validators, as the pack and embed views call it. */

const pkg = () => ({ dir: constructPackage().dir, version: "2.1.1" });

describe("runPackageValidators", () => {
  it("runs validatePackManifest and validateEmbedBlock and answers their refusals per record", async () => {
    const embed = {
      type: "embed",
      embed: {
        workerProfileId: "ghost",
        providerBindings: ["git"],
        framework: "f",
        outputContract: "c",
        proposalAuthority: "propose-only",
        runtime: "auto",
      },
    };
    const answer = await runPackageValidators(pkg(), process.cwd(), [
      { kind: "pack-manifest", record: { id: "acme-pack", version: "1.0.0", compatVersion: 1 } },
      { kind: "pack-manifest", record: { id: "acme-pack", version: "one", compatVersion: "^1" } },
      { kind: "embed", record: embed, knownWorkerProfiles: ["architect"] },
    ]);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.messages[0]).toEqual([]);
    expect(answer.messages[1].join("\n")).toMatch(
      /version must be a semver string[\s\S]*compatVersion must be an integer/,
    );
    expect(answer.messages[2].join("\n")).toMatch(/embed\.workerProfileId: unknown Worker Profile 'ghost'/);
  }, 60_000);
});
