// Paths come from the environment at run time; the bundler must not try to trace them.
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Generation } from "@/schemas/kinds";
import { type ConstructInstall, detectConstruct } from "./construct/detect";
import type { GenerationAdapter } from "./generations/adapter";
import { adrGeneration } from "./generations/adr";
import { construct2Generation } from "./generations/construct-2";

/**
 * Every generation of Construct the studio edits, each one folder under generations/. This is the
 * one place the project's generation is chosen: everything else asks `paths.adapter`.
 */
const GENERATION_ADAPTERS = { adr: adrGeneration, "2": construct2Generation } satisfies Record<
  Generation,
  GenerationAdapter
>;

/** The adapter of one generation, whatever the project runs on (a migration reads one and writes another). */
export function generationAdapter(id: Generation): GenerationAdapter {
  return GENERATION_ADAPTERS[id];
}

/**
 * The generation a folder on its own holds, as `validate --tree` reads it: the newest generation that
 * recognizes it, else the earlier org (whose tier may start empty).
 */
export function treeAdapter(dir: string): GenerationAdapter {
  return [construct2Generation, adrGeneration].find((a) => a.tiers.recognizes(dir)) ?? adrGeneration;
}

export type StudioPaths = {
  /** The project being edited (`CONSTRUCT_ROOT`, else the current directory). */
  root: string;
  /** `<root>/.construct` when it exists, else `<root>/.cx` (created on first write). */
  projectDir: string;
  appDir: string;
  builtinOrgDir: string;
  userOrgDir: string;
  projectOrgDir: string;
  skillsDir: string;
  /** `$XDG_CONFIG_HOME/construct/packs` (default `~/.config/construct/packs`). */
  userPacksDir: string;
  /** `$XDG_CONFIG_HOME/construct-studio/trust.json`: the projects whose own Construct install may run. */
  trustFile: string;
  projectPacksDir: string;
  packsFile: string;
  configFile: string;
  /** `<proj>/runtime`: state, not config (git-ignored). */
  runtimeDir: string;
  coreVersion: string;
  /** What the built-in tier's files are shown relative to. */
  builtinDisplayBase: string;
  /** Which Construct the project runs on: the generation the studio edits and the package it reads. */
  construct: ConstructInstall;
  /** Everything that differs between generations, for the project's one. */
  adapter: GenerationAdapter;
};

function packageVersion(appDir: string): string {
  try {
    return (
      (JSON.parse(readFileSync(path.join(appDir, "package.json"), "utf8")) as { version?: string }).version ?? "0.0.0"
    );
  } catch {
    return "0.0.0";
  }
}

/** Where the studio's own files (the built-in org, package.json) are: `CONSTRUCT_APP_DIR`, else found upward. */
export function findAppDir(): string {
  if (process.env.CONSTRUCT_APP_DIR) return path.resolve(/* turbopackIgnore: true */ process.env.CONSTRUCT_APP_DIR);
  const starts: string[] = [process.cwd()];
  try {
    starts.unshift(path.dirname(fileURLToPath(import.meta.url)));
  } catch {
    // bundled without a file URL: the working directory is the app directory
  }
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, "specialists", "org")) && existsSync(path.join(dir, "package.json"))) return dir;
      if (path.dirname(dir) === dir) break;
    }
  }
  return process.cwd();
}

export function resolvePaths(
  overrides: { root?: string; home?: string; appDir?: string; configHome?: string } = {},
): StudioPaths {
  const root = path.resolve(/* turbopackIgnore: true */ overrides.root ?? process.env.CONSTRUCT_ROOT ?? process.cwd());
  const home = path.resolve(
    /* turbopackIgnore: true */ overrides.home ?? process.env.CONSTRUCT_HOME ?? path.join(os.homedir(), ".construct"),
  );
  const appDir = path.resolve(/* turbopackIgnore: true */ overrides.appDir ?? findAppDir());
  const construct = path.join(root, ".construct");
  const configHome = path.resolve(
    /* turbopackIgnore: true */ overrides.configHome ??
      process.env.XDG_CONFIG_HOME ??
      path.join(os.homedir(), ".config"),
  );
  const installed = detectConstruct(root, path.join(existsSync(construct) ? construct : path.join(root, ".cx"), "org"));
  const adapter = GENERATION_ADAPTERS[installed.generation];
  const located = adapter.locate({
    root,
    appDir,
    configHome,
    configHomeGiven: overrides.configHome !== undefined,
    install: installed,
  });
  const { projectDir } = located;
  return {
    root,
    appDir,
    ...located,
    userOrgDir: path.join(home, "org"),
    projectOrgDir: path.join(projectDir, "org"),
    trustFile: path.join(configHome, "construct-studio", "trust.json"),
    configFile: path.join(projectDir, "config.json"),
    runtimeDir: path.join(projectDir, "runtime"),
    coreVersion: process.env.CONSTRUCT_CORE_VERSION || packageVersion(appDir),
    construct: installed,
    adapter,
  };
}
