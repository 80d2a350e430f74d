import fs from "node:fs/promises";
import path from "node:path";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { resolvePaths, type StudioPaths } from "../../config";

/** Env variables the pack code reads at call time; tests that set them restore them with `restoreEnv`. */
export const PACK_ENV_KEYS = [
  "CONSTRUCT_CORE_VERSION",
  "CONSTRUCT_DEPLOYMENT_MODE",
  "CONSTRUCT_ROOT",
  "CONSTRUCT_HOME",
  "XDG_CONFIG_HOME",
] as const;

export function saveEnv(): Record<string, string | undefined> {
  return Object.fromEntries(PACK_ENV_KEYS.map((k) => [k, process.env[k]]));
}

export function restoreEnv(saved: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

export function clearPackEnv(): void {
  for (const key of PACK_ENV_KEYS) delete process.env[key];
}

export type PackEnv = {
  base: string;
  root: string;
  home: string;
  configHome: string;
  paths: StudioPaths;
  /** `<configHome>/construct/packs` */
  userPacks: string;
  /** `<root>/.cx/packs` */
  projectPacks: string;
  cleanup: () => Promise<void>;
};

/**
 * A temporary project root, home and XDG config home; the app dir is the repository, so the
 * real built-in org and `specialists/prompts/` are used. Call after setting any env the test needs:
 * `resolvePaths` reads `CONSTRUCT_CORE_VERSION` when it runs.
 */
export async function makePackEnv(prefix = "cs-packs-"): Promise<PackEnv> {
  const tmp = await makeTmpDirs(prefix);
  const configHome = path.join(tmp.base, "xdg");
  await fs.mkdir(configHome);
  const paths = resolvePaths({ root: tmp.root, home: tmp.home, appDir: APP_DIR, configHome });
  return { ...tmp, configHome, paths, userPacks: paths.userPacksDir, projectPacks: paths.projectPacksDir };
}

/** A manifest with the three required fields, compatible with the repository's core version (0.1.x). */
export function manifest(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, version: "1.0.0", compatVersion: ">=0.1.0", ...extra };
}

/** Markdown with frontmatter naming `role`. */
export function promptText(role: string, body = `# ${role}\n\nA test prompt.\n`): string {
  return `---\nrole: ${role}\nname: cx-${role}\n---\n\n${body}`;
}

/**
 * Writes a pack folder `<packsDir>/<folder>` with `pack.manifest.json` (an object is written as
 * pretty JSON, a string byte for byte) and any other files, given relative to the pack folder.
 * Returns the pack folder.
 */
export async function writePack(
  packsDir: string,
  folder: string,
  manifestValue: Record<string, unknown> | string,
  files: Record<string, string> = {},
): Promise<string> {
  const dir = path.join(packsDir, ...folder.split("/"));
  await fs.mkdir(dir, { recursive: true });
  const text = typeof manifestValue === "string" ? manifestValue : `${JSON.stringify(manifestValue, null, 2)}\n`;
  await fs.writeFile(path.join(dir, "pack.manifest.json"), text);
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, ...rel.split("/"));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
  return dir;
}

/** Writes `<root>/.cx/packs.json` by hand, enabling `ids` in that order. */
export async function writePacksFile(paths: StudioPaths, ids: string[]): Promise<void> {
  await fs.mkdir(path.dirname(paths.packsFile), { recursive: true });
  const enabled = Object.fromEntries(ids.map((id) => [id, { enabledAt: "2026-07-03T00:00:00.000Z" }]));
  await fs.writeFile(paths.packsFile, `${JSON.stringify({ version: 1, enabled }, null, 2)}\n`);
}

/** Writes `<root>/.cx/config.json` with a deployment mode. */
export async function writeMode(paths: StudioPaths, mode: string): Promise<void> {
  await fs.mkdir(path.dirname(paths.configFile), { recursive: true });
  await fs.writeFile(paths.configFile, `${JSON.stringify({ deployment: { mode } }, null, 2)}\n`);
}

export async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}
