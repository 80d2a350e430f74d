import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stringifyRecord } from "@/lib/json/safe-json";
import type { EntityRecord, Section } from "@/schemas/org";

/** The repository the tests run in: its `specialists/org` is the real built-in tier. */
export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BUILTIN_ORG_DIR = path.join(APP_DIR, "specialists", "org");

export async function makeTmpDirs(
  prefix = "cs-test-",
): Promise<{ base: string; root: string; home: string; cleanup: () => Promise<void> }> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const root = path.join(base, "root");
  const home = path.join(base, "home");
  await fs.mkdir(root);
  await fs.mkdir(home);
  return { base, root, home, cleanup: () => fs.rm(base, { recursive: true, force: true }) };
}

/** `relative path → content` (`<dir>` for a folder, `<symlink -> target>` for a link): equal maps, equal trees. */
export async function treeOf(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  const walk = async (current: string): Promise<void> => {
    for (const entry of (await fs.readdir(current, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(current, entry.name);
      const rel = path.relative(dir, full).split(path.sep).join("/");
      if (entry.isSymbolicLink()) out.set(rel, `<symlink -> ${await fs.readlink(full)}>`);
      else if (entry.isDirectory()) {
        out.set(rel, "<dir>");
        await walk(full);
      } else out.set(rel, await fs.readFile(full, "utf8"));
    }
  };
  await walk(dir);
  return out;
}

export async function filesUnder(dir: string): Promise<string[]> {
  return [...(await treeOf(dir))]
    .filter(([, v]) => v !== "<dir>")
    .map(([k]) => k)
    .sort();
}

export async function writeRecord(
  tierDir: string,
  section: Section,
  record: EntityRecord,
  name = `${String(record.id)}.json`,
): Promise<string> {
  const file = path.join(tierDir, section, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, stringifyRecord(record));
  return file;
}

export async function readBuiltin(section: Section, id: string): Promise<EntityRecord> {
  return JSON.parse(await fs.readFile(path.join(BUILTIN_ORG_DIR, section, `${id}.json`), "utf8")) as EntityRecord;
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
