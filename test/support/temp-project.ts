import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stringifyRecord } from "../../lib/json/safe-json";
import type { EntityRecord, Section } from "../../schemas/org";

/** The repository the tests run in: its `specialists/org` is the real built-in tier. */
export const APP_DIR = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");
export const BUILTIN_ORG_DIR = path.join(APP_DIR, "specialists", "org");

/** A file's content: text as is, anything else as pretty JSON with a final newline. */
export type FileContent = string | Buffer | object;

/** Writes `files` (relative path → content) under `dir`, making the folders they need. */
export function writeFiles(dir: string, files: Record<string, FileContent>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      typeof content === "string" || Buffer.isBuffer(content) ? content : `${JSON.stringify(content, null, 2)}\n`,
    );
  }
}

export type TempProject = {
  /** The temporary folder that holds everything below and goes with `remove`. */
  base: string;
  root: string;
  /** The user tier's home (`CONSTRUCT_HOME`). */
  home: string;
  /** The config home (`XDG_CONFIG_HOME`); made only `inside`, where a studio is started on it. */
  xdg: string;
  write: (files: Record<string, FileContent>) => void;
  remove: () => void;
};

/**
 * A fresh project under the OS temp dir with `dirs` made and `files` written in it. The browser and HTTP specs
 * keep home and xdg inside the root (`inside`), so one snapshot of the root covers all a studio
 * writes; unit tests keep them beside it (`beside`), so a tree of the root is the project alone.
 */
export function tempProject(
  opts: { prefix?: string; files?: Record<string, FileContent>; dirs?: string[]; home?: "inside" | "beside" } = {},
): TempProject {
  const base = mkdtempSync(path.join(os.tmpdir(), opts.prefix ?? "cs-test-"));
  const inside = opts.home === "inside";
  const root = inside ? base : path.join(base, "root");
  const home = path.join(base, "home");
  const xdg = path.join(base, "xdg");
  for (const dir of [root, home]) mkdirSync(dir, { recursive: true });
  if (inside) mkdirSync(xdg);
  for (const dir of opts.dirs ?? []) mkdirSync(path.join(root, dir), { recursive: true });
  writeFiles(root, opts.files ?? {});
  return {
    base,
    root,
    home,
    xdg,
    write: (files) => writeFiles(root, files),
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

export async function makeTmpDirs(
  prefix = "cs-test-",
): Promise<{ base: string; root: string; home: string; cleanup: () => Promise<void> }> {
  const project = tempProject({ prefix });
  return { base: project.base, root: project.root, home: project.home, cleanup: async () => project.remove() };
}

export async function writeRecord(
  tierDir: string,
  section: Section,
  record: EntityRecord,
  name = `${String(record.id)}.json`,
): Promise<string> {
  writeFiles(tierDir, { [path.join(section, name)]: stringifyRecord(record) });
  return path.join(tierDir, section, name);
}

export async function readBuiltin(section: Section, id: string): Promise<EntityRecord> {
  return JSON.parse(readFileSync(path.join(BUILTIN_ORG_DIR, section, `${id}.json`), "utf8")) as EntityRecord;
}

/** A valid specialist in a built-in team; `id` doubles as its unique name and role. */
export function specialistRecord(id: string, extra: EntityRecord = {}): EntityRecord {
  return {
    id,
    name: id,
    role: id,
    description: `The ${id} specialist writes and reviews test fixtures for the studio.`,
    modelTier: "standard",
    skills: ["development/testing-strategy"],
    fence: { allowedPaths: ["src/**"] },
    team: "engineering-team",
    ...extra,
  };
}

export async function until<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
