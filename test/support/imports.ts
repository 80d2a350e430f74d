import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the repository's own sources load when they run, for tests of which code may load what. */

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The source files (not tests, not test support) under `dir`, relative to the repository. */
export function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) {
      if (name !== "test-support" && name !== "node_modules") out.push(...sourcesUnder(rel));
    } else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) out.push(rel);
  }
  return out;
}

/** The specifiers a module loads when it runs: type-only imports and exports are erased and load nothing. */
export function loadedSpecifiers(text: string): string[] {
  return [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^"']*?\sfrom\s+)?["']([^"']+)["']/gm),
    ...text.matchAll(/\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]);
}

const isOurs = (spec: string) => spec.startsWith(".") || spec.startsWith("@/");

/** The package a bare specifier names ("zod/mini" → "zod", "@xyflow/react/x" → "@xyflow/react"). */
export const packageOf = (spec: string) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

/** The packages a module's text loads, Node built-ins (`node:…`) aside. */
export function packagesLoaded(text: string): string[] {
  return loadedSpecifiers(text)
    .filter((s) => !isOurs(s) && !s.startsWith("node:"))
    .map(packageOf);
}

function resolveOurs(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  return (
    [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base].find((c) => /\.tsx?$/.test(c) && existsSync(c)) ??
    null
  );
}

/** Every file of ours and every package a module loads, following our imports all the way down. */
export function importClosure(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of loadedSpecifiers(readFileSync(file, "utf8"))) {
      if (!isOurs(spec)) packages.add(packageOf(spec));
      else {
        const target = resolveOurs(file, spec);
        if (target) visit(target);
      }
    }
  };
  visit(path.join(ROOT, entry));
  return { files: [...files].map((f) => path.relative(ROOT, f)), packages };
}
