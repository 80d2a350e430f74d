import fs from "node:fs/promises";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import yazl from "yazl";
import { specialistRecord } from "@/test/support/temp-project";
import { manifest, promptText, writePack } from "./pack-fixtures";

/**
 * Packs to install, as folders or zips, shared by the install tests and the crash child so both
 * build the same bytes. A spec is the manifest (an object, or a string written byte for byte) and
 * the other files, relative to the pack folder.
 */
export type PackSpec = { manifest: Record<string, unknown> | string; files: Record<string, string> };

export const SAMPLE_SPECIALIST = "cx-sample-writer";
export const SAMPLE_PROMPT = "prompts/writer.md";

/**
 * A valid pack: a prompt for one specialist, an org specialist, a workflow and docs. The file
 * `notes/v<major>.md` differs between major versions, so a test can see an old copy is gone.
 */
export function samplePack(id: string, version = "1.0.0", extra: Record<string, unknown> = {}): PackSpec {
  const major = version.split(".")[0];
  return {
    manifest: manifest(id, {
      version,
      prompts: { [SAMPLE_SPECIALIST]: SAMPLE_PROMPT },
      specialists: [SAMPLE_SPECIALIST],
      ...extra,
    }),
    files: {
      [SAMPLE_PROMPT]: promptText("sample-writer"),
      "org/specialists/pack-helper.json": `${JSON.stringify(specialistRecord("pack-helper"), null, 2)}\n`,
      "workflows/sample-flow.manifest.json": `${JSON.stringify({ id: "sample-flow", version }, null, 2)}\n`,
      "docs/README.md": `# ${id}\n\nversion ${version}\n`,
      [`notes/v${major}.md`]: `notes for ${id} ${version}\n`,
    },
  };
}

/** The files an installed copy of `spec` holds, relative to its folder, sorted. */
export function specFiles(spec: PackSpec): string[] {
  return ["pack.manifest.json", ...Object.keys(spec.files)].sort();
}

export function manifestText(spec: PackSpec): string {
  return typeof spec.manifest === "string" ? spec.manifest : `${JSON.stringify(spec.manifest, null, 2)}\n`;
}

/** Writes `spec` as the folder `dir` (created) and returns it. */
export async function writeSource(dir: string, spec: PackSpec): Promise<string> {
  return writePack(path.dirname(dir), path.basename(dir), spec.manifest, spec.files);
}

export type YazlEntry = { name: string; data?: string | Buffer; mode?: number; dir?: boolean };

/** A zip written by yazl, the way a well-behaved tool writes one. */
export async function yazlZip(entries: YazlEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.dir) zip.addEmptyDirectory(entry.name);
    else
      zip.addBuffer(
        Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? ""),
        entry.name,
        entry.mode === undefined ? {} : { mode: entry.mode },
      );
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The entries of `spec`, optionally inside one top-level folder `wrap/` (with its directory entries, as zip tools write them). */
export function specEntries(spec: PackSpec, wrap?: string): YazlEntry[] {
  const files: YazlEntry[] = [
    { name: "pack.manifest.json", data: manifestText(spec) },
    ...Object.entries(spec.files).map(([name, data]) => ({ name, data })),
  ];
  if (!wrap) return files;
  const dirs = new Set<string>([`${wrap}/`]);
  for (const file of files) {
    const parts = file.name.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(`${wrap}/${parts.slice(0, i).join("/")}/`);
  }
  return [
    ...[...dirs].map((name) => ({ name, dir: true })),
    ...files.map((f) => ({ ...f, name: `${wrap}/${f.name}` })),
  ];
}

export async function specZip(spec: PackSpec, wrap?: string): Promise<Buffer> {
  return yazlZip(specEntries(spec, wrap));
}

export type RawZipEntry = {
  name: string;
  data?: string | Buffer;
  /** Unix mode in the external attributes (default a regular file, 0o100644). */
  mode?: number;
  /** The uncompressed size the headers claim; the real size when absent. */
  declaredSize?: number;
  deflate?: boolean;
};

/**
 * A zip written byte by byte, for what a well-behaved writer refuses to produce: names with `..`
 * or a leading `/`, headers that lie about sizes. No data descriptors, no zip64, no extra fields.
 */
export function rawZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? "", "utf8");
    const body = entry.deflate ? deflateRawSync(data) : data;
    const method = entry.deflate ? 8 : 0;
    const size = entry.declaredSize ?? data.length;
    const crc = crc32(data);
    const dosDate = (1 << 5) | 1; // 1980-01-01
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the mode bits mean what they say
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? (entry.name.endsWith("/") ? 0o40755 : 0o100644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `spec` as raw zip entries, plus `extra` (hostile) ones. */
export function rawSpecZip(spec: PackSpec, extra: RawZipEntry[]): Buffer {
  return rawZip([
    { name: "pack.manifest.json", data: manifestText(spec) },
    ...Object.entries(spec.files).map(([name, data]) => ({ name, data })),
    ...extra,
  ]);
}

/** The names in a folder, sorted; `[]` when it does not exist. */
export async function entriesOf(dir: string): Promise<string[]> {
  return (await fs.readdir(dir).catch(() => [] as string[])).sort();
}
