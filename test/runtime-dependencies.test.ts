import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packagesLoaded, ROOT, sourcesUnder } from "./support/imports";

// What the studio runs (app/, components/, lib/, schemas/, server/) may import only packages in
// `dependencies`: an install without dev dependencies (`npm install --omit=dev`, a published
// package) has nothing else. The bench and the tests bring their own (elkjs, ajv, playwright…).

const RUNTIME = ["app", "components", "lib", "schemas", "server"];

const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe("runtime code imports only runtime dependencies", () => {
  const files = RUNTIME.flatMap(sourcesUnder);

  it("reads the studio's sources", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(packagesLoaded('import { x } from "zod/mini";\nimport type { Y } from "elkjs";')).toEqual(["zod"]);
  });

  it("imports no dev dependency (elkjs is the bench's alone) and no package it does not declare", () => {
    const builtins = new Set(["fs", "path", "os", "crypto", "child_process", "http", "url", "events", "stream"]);
    const offenders = files.flatMap((file) =>
      packagesLoaded(readFileSync(path.join(ROOT, file), "utf8"))
        .filter((name) => !(name in pkg.dependencies) && !builtins.has(name))
        .map((name) => `${file}: ${name}${name in pkg.devDependencies ? " (a dev dependency)" : ""}`),
    );
    expect(offenders).toEqual([]);
  });

  it("keeps elkjs a dev dependency, at the exact version the bench measured", () => {
    expect(pkg.dependencies).not.toHaveProperty("elkjs");
    expect(pkg.devDependencies.elkjs).toBe("0.12.1");
  });
});
