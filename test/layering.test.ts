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

describe("one adapter per generation of Construct", () => {
  // What differs between generations lives in server/generations/<generation>/, chosen once in
  // server/config.ts; everything else asks the project's adapter rather than which generation it is.
  const sources = ["server", "app", "lib", "components", "schemas", "bin", "scripts"].flatMap((dir) =>
    files(dir, (name) => /\.(ts|tsx|mjs)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)),
  );
  const text = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
  const posix = (file: string) => file.split(path.sep).join("/");
  const GENERATION_FOLDERS = ["server/generations/adr/", "server/generations/construct-2/"];
  const inGeneration = (file: string) => GENERATION_FOLDERS.some((dir) => posix(file).startsWith(dir));
  // Deciding which generation a project runs on is the one comparison allowed outside the folders.
  const CHOOSERS = new Set(["server/construct/detect.ts", "server/config.ts"]);

  it("finds both generation folders, each with an index that implements the adapter", () => {
    for (const dir of GENERATION_FOLDERS) expect(text(`${dir}index.ts`)).toMatch(/: GenerationAdapter = \{/);
  });

  it("no module outside the generation folders compares generation ids", () => {
    const comparison = /\.generation\s*[!=]==|[!=]==\s*"(?:adr|2|2\.x)"|"(?:adr|2|2\.x)"\s*[!=]==/;
    const offenders = sources.filter((f) => !inGeneration(f) && !CHOOSERS.has(posix(f)) && comparison.test(text(f)));
    expect(offenders).toEqual([]);
  });

  it("no file or name outside the generation folders is marked as one generation's (`-v2`, `V2`)", () => {
    const offenders = sources.filter(
      (f) => !inGeneration(f) && (/-v2\.tsx?$/.test(f) || /\b\w*V2\w*\b|\bv2\b/.test(text(f))),
    );
    expect(offenders).toEqual([]);
  });

  it("only config.ts reaches into a generation folder, and the folders never reach into each other", () => {
    const target = (file: string, spec: string) => {
      if (spec.startsWith("@/")) return spec.slice(2);
      if (spec.startsWith(".")) return posix(path.join(path.dirname(file), spec));
      return spec;
    };
    const offenders = sources.flatMap((f) =>
      imports(f)
        .map((spec) => target(f, spec))
        .filter((t) => GENERATION_FOLDERS.some((dir) => `${t}/`.startsWith(dir) || t.startsWith(dir)))
        .filter((t) => {
          const own = GENERATION_FOLDERS.find((dir) => posix(f).startsWith(dir));
          if (own) return !t.startsWith(own);
          return posix(f) !== "server/config.ts";
        })
        .map((t) => `${posix(f)} → ${t}`),
    );
    expect(offenders).toEqual([]);
  });
});
