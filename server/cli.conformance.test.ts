import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "@/test/support/processes";
import { makeTmpDirs } from "@/test/support/temp-project";
import { UPSTREAM_ORG_DIR } from "@/test/support/upstream";

/** The real command on the original project's own org, run from a directory of its own. */

let base: string;
let home: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ base, home, cleanup } = await makeTmpDirs("cs-cli-conf-"));
});

afterEach(async () => {
  await cleanup();
});

describe("validate --tree on the upstream fixture", () => {
  it("exits 0 with zero errors over its 98 entities", async () => {
    const run = await runCli(["validate", "--tree", UPSTREAM_ORG_DIR], {
      cwd: base,
      env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: path.join(base, "xdg") },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/98 entities in .*: 0 error\(s\), \d+ warning\(s\)/);
  });
});
