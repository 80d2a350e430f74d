import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packagesLoaded, ROOT, sourcesUnder } from "./support/imports";

// What the studio runs (app/, components/, lib/, schemas/, server/) ships compiled, its packages
// bundled in (`prepack`, docs/architecture.md "How the package is built"), so an installed package
// declares no dependencies. The sources still load only packages the repository pins, and none of
// the tools the bench and the tests bring (elkjs, ajv, playwright…).

const RUNTIME = ["app", "components", "lib", "schemas", "server"];
const TOOLS = new Set([
  "elkjs",
  "ajv",
  "fast-check",
  "@playwright/test",
  "@axe-core/playwright",
  "vitest",
  "vite",
  "yazl",
  "typescript",
  "@biomejs/biome",
  "esbuild",
]);

const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe("runtime code imports only runtime dependencies", () => {
  const files = RUNTIME.flatMap(sourcesUnder);

  it("reads the studio's sources", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(packagesLoaded('import { x } from "zod/mini";\nimport type { Y } from "elkjs";')).toEqual(["zod"]);
  });

  it("imports no tool of the tests or the bench (elkjs is the bench's alone) and no package it does not declare", () => {
    const builtins = new Set(["fs", "path", "os", "crypto", "child_process", "http", "url", "events", "stream"]);
    const offenders = files.flatMap((file) =>
      packagesLoaded(readFileSync(path.join(ROOT, file), "utf8"))
        .filter((name) => (TOOLS.has(name) || !(name in pkg.devDependencies)) && !builtins.has(name))
        .map((name) => `${file}: ${name}${TOOLS.has(name) ? " (a tool of the tests or the bench)" : ""}`),
    );
    expect(offenders).toEqual([]);
  });

  it("declares no runtime dependency: the installed package runs what dist/ bundles", () => {
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it("keeps elkjs at the exact version the bench measured", () => {
    expect(pkg.devDependencies.elkjs).toBe("0.12.1");
  });
});
