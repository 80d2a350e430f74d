import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Which layer may import what (lib/, schemas/, components/ never reach node: or server/) is
// Biome's `noRestrictedImports` in biome.json, run by `npm run lint`. What Biome cannot say is here.

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function files(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...files(rel, keep));
    else if (keep(name)) out.push(rel);
  }
  return out;
}

const imports = (file: string) =>
  [...readFileSync(path.join(ROOT, file), "utf8").matchAll(/from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)].map(
    (m) => m[1] ?? m[2],
  );

describe("layering", () => {
  it("route handlers stay thin: no node: modules, short files (a few handlers of 5–20 lines)", () => {
    const routes = files("app/api", (name) => name === "route.ts");
    expect(routes.length).toBeGreaterThan(10);
    const offenders = routes.filter(
      (f) =>
        imports(f).some((spec) => spec.startsWith("node:")) ||
        readFileSync(path.join(ROOT, f), "utf8").trim().split("\n").length > 45,
    );
    expect(offenders).toEqual([]);
  });
});

describe("one composition root", () => {
  // Every service is built in server/compose.ts, so the web server, each CLI command and the MCP
  // server judge one org the same way; a command that built its own OrgApi once validated imports
  // without the enabled packs. Tests and their support build services by hand on purpose.
  const SERVICE =
    /\bnew (OrgApi|PackService|PromptResolver|OrgTestService|EmbedService|PlanService|LayoutStore|PackPreviewService)\s*\(|\bresolvePaths\s*\(/g;
  // A generation's adapter builds the services that differ between generations, when compose asks it to.
  const allowed = new Set([
    "server/compose.ts",
    "server/config.ts",
    "server/generations/adr/index.ts",
    "server/generations/construct-2/index.ts",
  ]);
  const sources = ["server", "app", "bin", "scripts", "lib", "components"].flatMap((dir) =>
    files(dir, (name) => /\.(ts|tsx|mjs)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)),
  );
  const builders = (file: string) =>
    [...readFileSync(path.join(ROOT, file), "utf8").matchAll(SERVICE)].map((m) => m[0]);

  it("services are constructed only in server/compose.ts", () => {
    expect(builders("server/compose.ts").length).toBeGreaterThan(5);
    const offenders = sources
      .filter((f) => !allowed.has(f) && !f.split(path.sep).includes("test-support"))
      .flatMap((f) => builders(f).map((b) => `${f}: ${b}`));
    expect(offenders).toEqual([]);
  });
});

describe("components reach the server only through lib/queries", () => {
  const sources = files("components", (name) => /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name));
  const text = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

  it("finds the component files", () => {
    expect(sources.length).toBeGreaterThan(30);
  });

  it("no URL of the API and no apiFetch in components/", () => {
    const offenders = sources.filter((f) => /["'`]\/api\/|\bapiFetch\b/.test(text(f)));
    expect(offenders).toEqual([]);
  });

  it("no import of lib/api-client or of the typed client (lib/api/*, ApiError aside) in components/", () => {
    const offenders = sources.filter((f) =>
      imports(f).some(
        (spec) => spec === "@/lib/api-client" || (spec.startsWith("@/lib/api/") && spec !== "@/lib/api/error"),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("no query-key literal in components/: keys come from the factories in lib/queries", () => {
    const offenders = sources.filter((f) => /queryKey:\s*\[/.test(text(f)));
    expect(offenders).toEqual([]);
  });
});

describe("npm test needs nothing beside the clone", () => {
  const tests = ["schemas", "lib", "server", "scripts", "test", "e2e"].flatMap((dir) =>
    files(dir, (name) => /\.(test|spec)\.tsx?$/.test(name) || name.endsWith(".ts") || name.endsWith(".mjs")),
  );
  const conformance = (file: string) => /\.conformance\.(test|spec)\.ts$/.test(file);

  it("finds the conformance files it must leave alone", () => {
    expect(tests.filter(conformance).length).toBeGreaterThanOrEqual(4);
  });

  it("only conformance tests (and their support) reach ../shared", () => {
    const support = new Set([
      "test/support/upstream.ts",
      "test/support/conformance-setup.ts",
      "test/layering.test.ts",
      "scripts/test-conformance.mjs",
      // A tool outside npm test: it shoots the upstream org when the fixture is there, else says it skips it.
      "scripts/screenshots.ts",
    ]);
    const offenders = tests.filter((file) => {
      if (conformance(file) || support.has(file)) return false;
      const text = readFileSync(path.join(ROOT, file), "utf8");
      return /shared[/"', ]+fixtures|support\/upstream/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
