#!/usr/bin/env node
// `npm run test:conformance`: checks against the original project's org in ../shared/fixtures/upstream-org,
// which is never copied into the repository.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { appDir, bin, finish, outDir, playwrightArgs, playwrightEnv, run, vitestArgs } from "./suite.mjs";

const fixture = process.env.CONSTRUCT_UPSTREAM_ORG ?? path.resolve(appDir, "..", "shared", "fixtures", "upstream-org");
if (!existsSync(fixture)) {
  console.error(
    `conformance: the upstream fixture folder ${fixture} is missing (it sits in ../shared/fixtures/upstream-org beside the checkout; set CONSTRUCT_UPSTREAM_ORG to point elsewhere)`,
  );
  process.exit(1);
}

for (const report of ["vitest-conformance.json", "playwright-conformance.json"])
  rmSync(path.join(outDir, report), { force: true });
const steps = {};
steps.unit = run(
  "conformance: unit tests (vitest)",
  bin("vitest"),
  vitestArgs("vitest-conformance.json", "vitest.conformance.config.ts"),
);
steps.build = existsSync(path.join(appDir, ".next", "BUILD_ID")) || run("next build", bin("next"), ["build"]);
steps.e2e =
  steps.build &&
  run(
    "conformance: browser tests (playwright)",
    bin("playwright"),
    playwrightArgs("playwright.conformance.config.ts"),
    playwrightEnv("playwright-conformance.json"),
  );
finish("conformance", steps, { vitest: "vitest-conformance.json", playwright: "playwright-conformance.json" });
