import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { isPlainObject, parseJsonStrict } from "@/lib/json/safe-json";
import type { StudioPaths } from "@/server/config";
import type { ConstructInstall } from "@/server/construct/detect";
import { AppError } from "@/server/errors";
import type { TrustStatus } from "@/server/generations/adapter";
import { atomicWrite } from "@/server/store/write";

/**
 * Whether the studio may run the code of the Construct package a project uses. Reading its registry
 * is reading data; running its validators runs code that came with the project, so a project's own
 * install (node_modules) runs only after the user trusted it once for that project, as VS Code trusts
 * a workspace. A global install (`construct` on PATH) and CONSTRUCT_PACKAGE_DIR are the user's own
 * choice and are trusted. A trust names the project's real path and the package's real path and
 * version: a freshly cloned project, or a project whose package changed, is not trusted.
 */

export type Trust = { trusted: boolean; message: string };

type Entry = { packageDir: string; version: string; trustedAt: string };
type TrustFile = { version: 1; projects: Record<string, Entry> };

const real = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

function readTrustFile(file: string): TrustFile {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { version: 1, projects: {} };
  }
  try {
    const value = parseJsonStrict(text);
    if (isPlainObject(value) && isPlainObject(value.projects)) {
      const projects: Record<string, Entry> = {};
      for (const [key, entry] of Object.entries(value.projects))
        if (isPlainObject(entry) && typeof entry.packageDir === "string" && typeof entry.version === "string")
          projects[key] = { packageDir: entry.packageDir, version: entry.version, trustedAt: String(entry.trustedAt) };
      return { version: 1, projects };
    }
  } catch {
    // An unreadable trust file trusts nothing; the next trust rewrites it whole.
  }
  return { version: 1, projects: {} };
}

export function trustOf(paths: Pick<StudioPaths, "root" | "trustFile">, install: ConstructInstall): Trust {
  if (!install.packageDir)
    return { trusted: false, message: "no Construct 2.x package is installed where the studio looks" };
  if (install.source === "env") return { trusted: true, message: "named by CONSTRUCT_PACKAGE_DIR" };
  if (install.source === "path") return { trusted: true, message: "a global install (`construct` on PATH)" };
  const entry = readTrustFile(paths.trustFile).projects[real(paths.root)];
  if (entry && entry.packageDir === real(install.packageDir) && entry.version === install.version)
    return { trusted: true, message: `you trusted this project's install on ${entry.trustedAt.slice(0, 10)}` };
  return {
    trusted: false,
    message: entry
      ? "the project's install changed since you trusted it; run `construct-studio trust` again"
      : "the project's own install runs only after you trust it: `construct-studio trust`",
  };
}

/** Only a project install runs after the user says so: the header offers that trust, and nothing else. */
export function trustStatus(paths: Pick<StudioPaths, "root" | "trustFile" | "construct">): TrustStatus {
  const trust = trustOf(paths, paths.construct);
  return { ...trust, offered: paths.construct.source === "project" && !trust.trusted };
}

/** Records (or, with `revoke`, forgets) the user's trust in the project's own install; written atomically. */
export async function setTrust(
  paths: Pick<StudioPaths, "root" | "trustFile">,
  install: ConstructInstall,
  opts: { revoke?: boolean } = {},
): Promise<Trust> {
  const key = real(paths.root);
  const file = readTrustFile(paths.trustFile);
  if (opts.revoke) delete file.projects[key];
  else {
    if (!install.packageDir || !install.version)
      throw new AppError("invalid", "there is no Construct 2.x package to trust in this project");
    file.projects[key] = {
      packageDir: real(install.packageDir),
      version: install.version,
      trustedAt: new Date().toISOString(),
    };
  }
  const dir = path.dirname(paths.trustFile);
  await atomicWrite(dir, paths.trustFile, `${JSON.stringify(file, null, 2)}\n`);
  return trustOf(paths, install);
}
