import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// What the studio runs (app/, components/, lib/, schemas/, server/) may import only packages in
// `dependencies`: an install without dev dependencies (`npm install --omit=dev`, a published
// package) has nothing else. The bench and the tests bring their own (elkjs, ajv, playwright…).

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNTIME = ["app", "components", "lib", "schemas", "server"];
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) {
      if (name !== "test-support") out.push(...sources(rel));
    } else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) out.push(rel);
  }
  return out;
}

/** The packages a file loads when it runs: type-only imports are erased and load nothing. */
function packagesOf(text: string): string[] {
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^"']*?\sfrom\s+)?["']([^"']+)["']/gm),
    ...text.matchAll(/\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]);
  return specs
    .filter((s) => !s.startsWith(".") && !s.startsWith("@/") && !s.startsWith("node:"))
    .map((s) =>
      s
        .split("/")
        .slice(0, s.startsWith("@") ? 2 : 1)
        .join("/"),
    );
}

describe("runtime code imports only runtime dependencies", () => {
  const files = RUNTIME.flatMap(sources);

  it("reads the studio's sources", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(packagesOf('import { x } from "zod/mini";\nimport type { Y } from "elkjs";')).toEqual(["zod"]);
  });

  it("imports no dev dependency (elkjs is the bench's alone) and no package it does not declare", () => {
    const builtins = new Set(["fs", "path", "os", "crypto", "child_process", "http", "url", "events", "stream"]);
    const offenders = files.flatMap((file) =>
      packagesOf(readFileSync(path.join(ROOT, file), "utf8"))
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
