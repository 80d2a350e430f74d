#!/usr/bin/env node
// `npm test`: lint and format check, typecheck, unit tests, a production build, then the browser
// and HTTP tests against it. Needs nothing beside the clone (no ../shared); the tests that read the
// original project's org are `npm run test:conformance`.
import { rmSync } from "node:fs";
import path from "node:path";
import { bin, finish, outDir, playwrightArgs, playwrightEnv, run, vitestArgs } from "./suite.mjs";

for (const report of ["vitest.json", "playwright.json"]) rmSync(path.join(outDir, report), { force: true });
const steps = {};
const biome = run("lint and format (biome)", bin("biome"), ["ci", "--error-on-warnings", "."]);
steps.lint = run("comments stand alone", process.execPath, ["scripts/check-comments.mjs"]) && biome;
steps.typecheck = run("typecheck", bin("tsc"), ["--noEmit"]);
steps.unit = run("unit tests (vitest)", bin("vitest"), vitestArgs("vitest.json"));
steps.build = run("next build", bin("next"), ["build"]);
steps.e2e =
  steps.build &&
  run("browser and HTTP tests (playwright)", bin("playwright"), playwrightArgs(), playwrightEnv("playwright.json"));
finish("test", steps, { vitest: "vitest.json", playwright: "playwright.json" });
