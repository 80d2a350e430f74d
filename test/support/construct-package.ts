import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The Construct 2.x release the suite judges the studio against: the one its users install from npm. */
export const CONSTRUCT_VERSION = "2.1.1";
export const CONSTRUCT_PACKAGE = "@geraldmaron/construct";

// Installed once per machine and version, outside the repository: the suite stays fast and a clone stays clean.
const CACHE = path.join(os.tmpdir(), "construct-studio-test-cache", `construct-${CONSTRUCT_VERSION}`);

export type ConstructPackage = {
  /** The package's own folder (`registry/`, `lib/`, `bin/construct`). */
  dir: string;
  /** The folder holding `@geraldmaron/construct` and its dependencies. */
  nodeModules: string;
  bin: string;
};

function cached(): ConstructPackage {
  const nodeModules = path.join(CACHE, "node_modules");
  const dir = path.join(nodeModules, ...CONSTRUCT_PACKAGE.split("/"));
  return { dir, nodeModules, bin: path.join(dir, "bin", "construct") };
}

/**
 * The real package from the npm registry, installed as its users install it (scripts off, optional
 * dependencies omitted), into a cache shared by every test and worker. Installs race safely: each
 * installs into its own folder and renames it into place; a loser discards its copy.
 */
export function constructPackage(): ConstructPackage {
  const pkg = cached();
  if (existsSync(path.join(pkg.dir, "package.json"))) return pkg;
  mkdirSync(path.dirname(CACHE), { recursive: true });
  const work = mkdtempSync(`${CACHE}.install-`);
  try {
    writeFileSync(path.join(work, "package.json"), '{ "name": "construct-cache", "private": true }\n');
    execFileSync(
      "npm",
      [
        "install",
        "--ignore-scripts",
        "--omit=optional",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        `${CONSTRUCT_PACKAGE}@${CONSTRUCT_VERSION}`,
      ],
      { cwd: work, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, CONSTRUCT_SKIP_POSTINSTALL: "1" } },
    );
    try {
      renameSync(work, CACHE);
    } catch (error) {
      if (!existsSync(path.join(pkg.dir, "package.json"))) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return pkg;
}

/** Puts the package into `root`'s node_modules, as `npm install --save-dev` would: a project install. */
export function installConstruct(root: string): ConstructPackage {
  const pkg = constructPackage();
  const scope = path.join(root, "node_modules", "@geraldmaron");
  mkdirSync(scope, { recursive: true });
  symlinkSync(pkg.dir, path.join(scope, "construct"), "dir");
  const bin = path.join(root, "node_modules", ".bin");
  mkdirSync(bin, { recursive: true });
  symlinkSync(pkg.bin, path.join(bin, "construct"));
  return pkg;
}

export type ConstructRun = { status: number; stdout: string; stderr: string };

/**
 * Runs Construct's own CLI in `cwd` (the project), with `home` as its home folder so a user-scope
 * profile lands in the test's own tier.
 */
export function construct(
  args: readonly string[],
  opts: { cwd: string; home: string; input?: string; env?: Record<string, string> },
): ConstructRun {
  const pkg = constructPackage();
  const run = spawnSync(process.execPath, [pkg.bin, ...args], {
    cwd: opts.cwd,
    input: opts.input,
    encoding: "utf8",
    timeout: 60_000,
    env: {
      ...(process.env.NODE_ENV ? { NODE_ENV: process.env.NODE_ENV } : {}),
      PATH: process.env.PATH,
      HOME: opts.home,
      CONSTRUCT_SKIP_POSTINSTALL: "1",
      NO_COLOR: "1",
      CI: "1",
      ...opts.env,
    } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
  });
  return { status: run.status ?? -1, stdout: run.stdout ?? "", stderr: run.stderr ?? "" };
}

/** `construct init` as a new user runs it: a project Construct 2.x has prepared, `.gitignore` and all. */
export function constructInit(root: string, home: string): ConstructRun {
  return construct(["init", "--yes", "--no-start", "--no-beads"], { cwd: root, home });
}
