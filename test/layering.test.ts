import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(name) && !/\.(test|fixture)\.ts$/.test(name)) out.push(rel);
  }
  return out;
}

const imports = (file: string) =>
  [...readFileSync(path.join(ROOT, file), "utf8").matchAll(/from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)].map(
    (m) => m[1] ?? m[2],
  );

/** design.md §1: lib/ and schemas/ are pure and run in the browser; components/ never reach the server's I/O. */
describe("layering", () => {
  for (const dir of ["lib", "schemas", "components"]) {
    it(`${dir}/ imports neither node: modules nor server/`, () => {
      const offenders = sources(dir).flatMap((file) =>
        imports(file)
          .filter((spec) => spec.startsWith("node:") || spec === "fs" || spec.startsWith("@/server"))
          .map((spec) => `${file} → ${spec}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it("schemas/ imports nothing of ours but schemas/", () => {
    const offenders = sources("schemas").flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith("@/") && !spec.startsWith("@/schemas"))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("route handlers stay thin: no node: modules, short files (a few handlers of 5–20 lines)", () => {
    const routes = sources("app/api").filter((f) => f.endsWith("route.ts"));
    expect(routes.length).toBeGreaterThan(10);
    const offenders = routes.filter(
      (f) =>
        imports(f).some((spec) => spec.startsWith("node:")) ||
        readFileSync(path.join(ROOT, f), "utf8").trim().split("\n").length > 45,
    );
    expect(offenders).toEqual([]);
  });
});
