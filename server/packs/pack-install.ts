import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, type Stats } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import semver from "semver";
import yauzl from "yauzl";
import type { PackInstallResult } from "@/schemas/api/packs";
import type { PackTier } from "@/schemas/pack-manifest";
import { PACK_PATH_PATTERN } from "@/schemas/pack-manifest";
import { AppError, ioError, isAppError } from "../errors";
import { faultPoint } from "../faults";
import { displayPath, userPath } from "../org/tiers";
import { withTierLock } from "../store/lock";
import { NoFollowReadError, readFileNoFollow } from "../store/read";
import { confinedPath } from "../store/write";
import { MANIFEST, recoverPacksDir } from "./pack-disk";
import type { PackService } from "./pack-service";
import { unstaged, unstagedError } from "./staged-names";

/** What a pack may hold: enough for any real pack, far too little for a bomb. */
export const LIMITS = { files: 2000, fileBytes: 5 * 1024 * 1024, totalBytes: 50 * 1024 * 1024, depth: 12 };

export type InstallSource = { folder: string } | { zip: Buffer };
/** The install as written; the route's answer adds how the version compares (`PackPreviewService.install`). */
export type InstallResult = Omit<PackInstallResult, "versionChange">;

class Budget {
  files = 0;
  bytes = 0;
  count(rel: string, size: number) {
    if (++this.files > LIMITS.files) throw new AppError("invalid", `the pack has more than ${LIMITS.files} files`);
    if (size > LIMITS.fileBytes) throw new AppError("invalid", `${rel} is larger than ${LIMITS.fileBytes} bytes`);
    this.bytes += size;
    if (this.bytes > LIMITS.totalBytes)
      throw new AppError("invalid", `the pack is larger than ${LIMITS.totalBytes} bytes`);
  }
}

/** Dot files (.git, .DS_Store) and macOS zip resource forks are not part of a pack. */
function isJunk(name: string): boolean {
  return name.startsWith(".") || name === "__MACOSX";
}

function checkRelPath(rel: string): void {
  if (!PACK_PATH_PATTERN.test(rel))
    throw new AppError(
      "invalid",
      `${JSON.stringify(rel)} is not a plain relative path inside the pack (no "..", no absolute paths, no backslashes)`,
    );
  if (rel.split("/").length > LIMITS.depth)
    throw new AppError("invalid", `${rel} is nested deeper than ${LIMITS.depth} folders`);
}

/** A typed `~` or `~/…` is the home folder, as a shell would read it; messages keep what was typed. */
export function expandHome(typed: string): string {
  if (typed === "~") return os.homedir();
  return typed.startsWith("~/") ? path.join(os.homedir(), typed.slice(2)) : typed;
}

/** Read without following a link; refusals speak of the pack. */
async function readPackFile(full: string, rel: string): Promise<{ bytes: Buffer; stat: Stats }> {
  try {
    return await readFileNoFollow(full, { limit: LIMITS.fileBytes });
  } catch (error) {
    if (!(error instanceof NoFollowReadError)) throw error;
    switch (error.code) {
      case "symlink":
        throw new AppError("invalid", `${rel} is a symbolic link; packs must hold their own files`);
      case "not-regular":
        throw new AppError("invalid", `${rel} is not a regular file`);
      case "too-large":
        throw new AppError("invalid", `${rel} is larger than ${LIMITS.fileBytes} bytes`);
      default:
        throw new AppError("invalid", `${rel} cannot be read: ${error.message}`);
    }
  }
}

/** sha256 over every file's path and bytes under `dir`, in path order: what a preview promised to install. */
export async function contentHash(dir: string): Promise<string> {
  const files: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    const entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(childRel);
      else files.push(childRel);
    }
  };
  await walk("");
  const hash = createHash("sha256");
  for (const rel of files) {
    const { bytes } = await readPackFile(path.join(dir, rel), rel);
    hash.update(`${rel}\u0000${bytes.length}\u0000`);
    hash.update(bytes);
  }
  return hash.digest("hex");
}

export async function stageSource(source: InstallSource, staging: string): Promise<void> {
  if ("folder" in source) await copyFolder(source.folder, staging);
  else await extractZip(source.zip, staging);
}

async function copyFolder(source: string, staging: string): Promise<void> {
  const root = path.resolve(expandHome(source));
  const rootStat = await fs.lstat(root).catch(() => null);
  if (!rootStat?.isDirectory()) throw new AppError("invalid", `${source} is not a folder`);
  const budget = new Budget();
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await fs.readdir(path.join(root, rel), { withFileTypes: true })) {
      if (isJunk(entry.name)) continue;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      checkRelPath(childRel);
      const full = path.join(root, childRel);
      const stat = await fs.lstat(full);
      if (stat.isSymbolicLink())
        throw new AppError("invalid", `${childRel} is a symbolic link; packs must hold their own files`);
      if (stat.isDirectory()) {
        await fs.mkdir(path.join(staging, childRel), { recursive: true });
        await walk(childRel);
      } else {
        // Checked and read on one descriptor: a copy after an lstat would follow a link swapped in between.
        const { bytes, stat: read } = await readPackFile(full, childRel);
        if (read.nlink > 1)
          throw new AppError("invalid", `${childRel} is a hard link; packs must hold their own files`);
        budget.count(childRel, bytes.length);
        await fs.writeFile(path.join(staging, childRel), bytes);
      }
    }
  };
  await walk("");
}

/** Extracts a zip into `staging` with the same rules, counting bytes as they inflate (sizes in headers can lie). */
async function extractZip(zip: Buffer, staging: string): Promise<void> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      zip,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, decodeStrings: true },
      (error, file) => (error ? reject(new AppError("invalid", `not a zip file: ${error.message}`)) : resolve(file)),
    ),
  );
  const budget = new Budget();
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    archive.on("entry", (entry: yauzl.Entry) => {
      entries.push(entry);
      archive.readEntry();
    });
    archive.on("end", resolve);
    archive.on("error", (error) => reject(new AppError("invalid", `broken zip: ${error.message}`)));
    archive.readEntry();
  });
  // A zip of one top-level folder (how people zip a pack) is unwrapped; Finder's __MACOSX and dot files do not count.
  const names = entries.map((e) => e.fileName).filter((n) => !n.split("/").some(isJunk));
  const top = names[0]?.split("/")[0];
  const wrapped =
    top && names.every((n) => n === `${top}/` || n.startsWith(`${top}/`)) && names.includes(`${top}/${MANIFEST}`);
  for (const entry of entries) {
    const name = wrapped && top ? entry.fileName.slice(top.length + 1) : entry.fileName;
    if (!name || name.split("/").some(isJunk)) continue;
    const isDir = name.endsWith("/");
    const rel = isDir ? name.slice(0, -1) : name;
    checkRelPath(rel);
    const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
    if (mode === 0o120000) throw new AppError("invalid", `${rel} is a symbolic link; packs must hold their own files`);
    const target = confinedPath(staging, ...rel.split("/"));
    if (isDir) {
      await fs.mkdir(target, { recursive: true });
      continue;
    }
    budget.count(rel, entry.uncompressedSize);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      archive.openReadStream(entry, (error, s) =>
        error ? reject(new AppError("invalid", `${rel}: ${error.message}`)) : resolve(s),
      ),
    );
    let written = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        written += chunk.length;
        if (written > LIMITS.fileBytes) done(new AppError("invalid", `${rel} inflates past ${LIMITS.fileBytes} bytes`));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(stream, meter, createWriteStream(target, { flags: "wx" }));
    } catch (error) {
      // A lying size header or a corrupt entry is the archive's fault, not the disk's.
      if (isAppError(error) || (error as NodeJS.ErrnoException).code === undefined)
        throw isAppError(error) ? error : new AppError("invalid", `${rel}: ${(error as Error).message}`);
      throw error;
    }
  }
}

/** Checks everything in a staging folder first, then moves it into place by rename, so a failure installs nothing. */
export async function installPack(
  service: PackService,
  source: InstallSource,
  tier: PackTier,
  opts: { expectedHash?: string } = {},
): Promise<InstallResult> {
  const packsDir = tier === "user" ? service.paths.userPacksDir : service.paths.projectPacksDir;
  await fs.mkdir(packsDir, { recursive: true }).catch((error) => {
    throw ioError(error, `creating ${packsDir}`);
  });
  await recoverPacksDir(packsDir).catch((error) => {
    throw ioError(error, `recovering ${packsDir}`);
  });
  const staging = path.join(packsDir, `.staging-${process.pid}-${randomBytes(6).toString("hex")}`);
  try {
    await fs.mkdir(staging);
    await stageSource(source, staging);
    if (opts.expectedHash && (await contentHash(staging)) !== opts.expectedHash)
      throw new AppError(
        "conflict",
        "the pack changed since it was previewed (its files differ): nothing was installed — preview it again",
      );
    const checked = await service.inspect(staging, tier, {}, { namesInsidePack: true });
    if (checked.errors.length || !checked.manifest) {
      throw new AppError("invalid", `the pack was not installed: ${checked.errors.join("; ")}`);
    }
    const { id, version } = checked.manifest;
    const target = service.paths.adapter.packs.folder(packsDir, id);
    await faultPoint("pack-install-after-stage");
    return await withTierLock(packsDir, async () => {
      const replacing = await fs.lstat(target).then(
        () => true,
        () => false,
      );
      const warnings = [...checked.warnings];
      const seen = (await service.seenVersions())[id];
      if (
        seen &&
        semver.valid(seen) &&
        semver.valid(version) &&
        semver.lt(version, seen) &&
        !warnings.some((w) => w.includes("downgrade"))
      ) {
        warnings.push(`pack '${id}' ${version} is older than ${seen}, installed here before (downgrade)`);
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Set aside under a dot name no pack id can take; recovery puts it back if the new copy never arrived.
      const aside = path.join(path.dirname(target), `.old-${randomBytes(4).toString("hex")}-${path.basename(target)}`);
      if (replacing) await fs.rename(target, aside);
      await fs.rename(staging, target);
      if (replacing) await fs.rm(aside, { recursive: true, force: true });
      await service.recordSeen(id, version);
      return {
        ok: true as const,
        id,
        version,
        tier,
        path: tier === "project" ? displayPath(target, service.paths.root) : userPath(target),
        replaced: replacing,
        warnings,
      };
    });
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true }).catch(() => {});
    throw unstagedError(error, "installing the pack", unstaged(staging));
  }
}
