// Shared by `npm test` and `npm run test:conformance`; ends with one `N passed, N failed` line for CI.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const outDir = path.join(appDir, ".ci-out");
mkdirSync(outDir, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };

export const bin = (name) => path.join(appDir, "node_modules", ".bin", name);

export function run(label, command, args, extraEnv = {}) {
  console.log(`\n::: ${label}`);
  const result = spawnSync(command, args, { cwd: appDir, stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status === 0;
}

export const vitestArgs = (report, config) => [
  "run",
  ...(config ? ["--config", config] : []),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(outDir, report)}`,
];

export const playwrightArgs = (config) => ["test", ...(config ? ["--config", config] : []), "--reporter=list,json"];
export const playwrightEnv = (report) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(outDir, report) });

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

/** Exits 0 only when something passed and nothing failed. */
export function finish(name, steps, { vitest, playwright }) {
  const unit = vitest && steps.unit !== undefined ? readJson(path.join(outDir, vitest)) : null;
  const e2e = playwright && steps.e2e ? readJson(path.join(outDir, playwright))?.stats : null;
  let passed = 0;
  let failed = 0;
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    console.log(`unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
  }
  if (e2e) {
    passed += e2e.expected + e2e.flaky;
    failed += e2e.unexpected;
    console.log(`e2e: ${e2e.expected + e2e.flaky} passed, ${e2e.unexpected} failed`);
  }
  for (const [step, ok] of Object.entries(steps)) {
    if (ok === false) {
      console.log(`step failed: ${step}`);
      failed = Math.max(failed, 1);
    }
  }
  writeFileSync(path.join(outDir, `summary-${name}.json`), JSON.stringify({ passed, failed }));
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(passed > 0 && failed === 0 ? 0 : 1);
}
