// Paths come from the environment at run time; the bundler must not try to trace them.
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ConstructInstall, detectConstruct } from "./construct/detect";

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
  /** Which Construct the project runs on: the generation the studio edits and the package it reads. */
  construct: ConstructInstall;
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
  const projectDir = existsSync(construct) ? construct : path.join(root, ".cx");
  const projectOrgDir = path.join(projectDir, "org");
  const configHome = path.resolve(
    /* turbopackIgnore: true */ overrides.configHome ??
      process.env.XDG_CONFIG_HOME ??
      path.join(os.homedir(), ".config"),
  );
  const installed = detectConstruct(root, projectOrgDir);
  // Construct 2.x's built-in tier is its package's registry; without the package it is empty.
  const v2 = installed.generation === "2";
  const packageDir = v2 ? (installed.packageDir ?? path.join(root, "node_modules", "@geraldmaron", "construct")) : null;
  return {
    root,
    projectDir,
    appDir,
    builtinOrgDir: packageDir ? path.join(packageDir, "registry") : path.join(appDir, "specialists", "org"),
    userOrgDir: path.join(home, "org"),
    projectOrgDir,
    skillsDir: packageDir ? path.join(packageDir, "skills") : path.join(appDir, "specialists", "skills"),
    // Construct 2.x reads packs from `~/.config` whatever XDG_CONFIG_HOME says, and only under `.construct/`.
    userPacksDir: path.join(
      v2 && !overrides.configHome ? path.join(os.homedir(), ".config") : configHome,
      "construct",
      "packs",
    ),
    trustFile: path.join(configHome, "construct-studio", "trust.json"),
    projectPacksDir: path.join(v2 ? construct : projectDir, "packs"),
    packsFile: path.join(v2 ? construct : projectDir, "packs.json"),
    configFile: path.join(projectDir, "config.json"),
    runtimeDir: path.join(projectDir, "runtime"),
    coreVersion: process.env.CONSTRUCT_CORE_VERSION || packageVersion(appDir),
    construct: installed,
  };
}
