import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installConstruct } from "@/test/support/construct-package";
import { runCli } from "@/test/support/processes";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";

let v2: TempProject;
let adr: TempProject;

beforeAll(() => {
  v2 = tempProject({ prefix: "cs-trust-cli-" });
  installConstruct(v2.root);
  adr = tempProject({ prefix: "cs-trust-adr-" });
}, 180_000);
afterAll(() => {
  v2?.remove();
  adr?.remove();
});

const cli = (p: TempProject, args: string[]) =>
  runCli(["trust", "--root", p.root, ...args], {
    cwd: p.base,
    env: { CONSTRUCT_HOME: p.home, XDG_CONFIG_HOME: p.xdg },
  });

describe("construct-studio trust", () => {
  it("trusts the project's own install once, says so, and forgets it on --revoke", async () => {
    const status = await cli(v2, ["--status", "--format", "json"]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ generation: "2", source: "project", trusted: false });

    const trust = await cli(v2, []);
    expect(trust.code, trust.stderr).toBe(0);
    expect(trust.stdout).toMatch(/Construct 2\.1\.1 \(project\) in .*: trusted/);
    expect(Object.keys(snapshotContent(v2.xdg))).toContain("construct-studio/trust.json");

    const revoke = await cli(v2, ["--revoke"]);
    expect(revoke.stdout).toMatch(/not trusted; the project's own install runs only after you trust it/);
  });

  it("refuses a project without Construct 2.x, and writes nothing", async () => {
    const before = snapshotContent(adr.base);
    const run = await cli(adr, []);
    // Not a refusal of this project's trust: the concept does not exist in its generation.
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("there is no install to trust");
    expect(snapshotContent(adr.base)).toEqual(before);
  });
});
