#!/usr/bin/env node
// `npm test`: typecheck, unit tests, a production build, then the browser and HTTP tests against
// it. Ends with one plain `N passed, N failed` line, the summary CI reads.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(appDir, ".ci-out");
mkdirSync(out, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };

function run(label, command, args, extraEnv = {}) {
  console.log(`\n::: ${label}`);
  const result = spawnSync(command, args, { cwd: appDir, stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status === 0;
}

const npx = (bin) => path.join(appDir, "node_modules", ".bin", bin);
const steps = { typecheck: run("typecheck", npx("tsc"), ["--noEmit"]) };
steps.unit = run("unit tests (vitest)", npx("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(out, "vitest.json")}`,
]);
steps.build = run("next build", npx("next"), ["build"]);
steps.e2e =
  steps.build &&
  run("browser and HTTP tests (playwright)", npx("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, "playwright.json"),
  });

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}
const vitest = readJson(path.join(out, "vitest.json"));
const playwright = readJson(path.join(out, "playwright.json"))?.stats;
let passed = 0;
let failed = 0;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  console.log(`unit: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
}
if (playwright && steps.e2e !== undefined) {
  passed += playwright.expected + playwright.flaky;
  failed += playwright.unexpected;
  console.log(`e2e: ${playwright.expected + playwright.flaky} passed, ${playwright.unexpected} failed`);
}
for (const [step, ok] of Object.entries(steps))
  if (!ok) {
    console.log(`step failed: ${step}`);
    failed = Math.max(failed, 1);
  }
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed > 0 && failed === 0 ? 0 : 1);
