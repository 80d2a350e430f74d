import { accessSync, constants, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { buildPointer } from "@/lib/json/pointer";
import type { FieldError } from "@/schemas/field-error";
import type { Generation } from "@/schemas/kinds";

/** The published package of Construct 2.x. */
export const CONSTRUCT_PACKAGE = "@geraldmaron/construct";
/** The Construct 2.x releases whose files the studio knows how to read and write. */
export const KNOWN_CONSTRUCT_VERSIONS = ["2.1.1"] as const;

/** Where the Construct a project runs on was found; it decides whether its code may run (see trust). */
export type ConstructSource = "env" | "project" | "path" | "none";

export type ConstructInstall = {
  generation: Generation;
  /** The version of the Construct found, or the one `--construct-version` names. */
  version: string | null;
  /** The package's folder (holding `registry/` and `lib/`), when one was found. */
  packageDir: string | null;
  source: ConstructSource;
  /** What made the studio pick this generation, for the header and `/api/health`. */
  reason: string;
  /** A 2.x release the studio does not know: shown, never written. */
  readOnly: boolean;
  /** The workspace preset Construct 2.x runs with: `construct.config.json`'s `workspacePreset`, else its default. */
  workspacePreset: string | null;
  problems: FieldError[];
};

/** The project-tier folders only the ADR-era org has. */
const ADR_SECTIONS = ["specialists", "teams", "groups", "contracts", "policies"];

function packageAt(dir: string): { dir: string; version: string } | null {
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
      name?: unknown;
      version?: unknown;
    };
    if (pkg.name !== CONSTRUCT_PACKAGE || typeof pkg.version !== "string") return null;
    return { dir: realpathSync(dir), version: pkg.version };
  } catch {
    return null;
  }
}

/** `construct` on PATH, followed to the package its bin file belongs to. */
function packageOnPath(envPath: string | undefined): { dir: string; version: string } | null {
  for (const dir of (envPath ?? "").split(path.delimiter).filter(Boolean)) {
    const bin = path.join(dir, "construct");
    try {
      accessSync(bin, constants.X_OK);
      if (!statSync(bin).isFile()) continue;
      // A global install links bin/construct inside the package; its folder is two levels up.
      const found = packageAt(path.dirname(path.dirname(realpathSync(bin))));
      if (found) return found;
    } catch {
      // not here: the next PATH entry
    }
  }
  return null;
}

/** Construct 2.x's preset when the project names none. */
const DEFAULT_WORKSPACE_PRESET = "rnd";

/** `construct.config.json` is JSONC (comments, trailing commas), read as Construct reads it. */
function configuredPreset(root: string): string | null {
  try {
    const config = parseJsonc(readFileSync(path.join(root, "construct.config.json"), "utf8")) as unknown;
    const id = (config as { workspacePreset?: unknown } | null)?.workspacePreset;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}

const majorOf = (version: string) => Number.parseInt(version, 10);

const holdsJson = (dir: string) => {
  try {
    return readdirSync(dir).some((name) => name.endsWith(".json"));
  } catch {
    return false;
  }
};

const hasFolder = (dir: string) => {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
};

/**
 * Which generation of Construct the project at `root` runs on, and where its package is.
 * `--construct-version` (`CONSTRUCT_VERSION`) and `CONSTRUCT_PACKAGE_DIR` override what is found;
 * otherwise the project's own install, `construct` on PATH, and the folders of the project tier decide.
 */
export function detectConstruct(
  root: string,
  projectOrgDir: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ConstructInstall {
  const problems: FieldError[] = [];
  const problem = (rule: string, severity: FieldError["severity"], message: string) =>
    problems.push({ id: rule, severity, message, location: buildPointer("construct") });

  const fromEnv = env.CONSTRUCT_PACKAGE_DIR ? path.resolve(root, env.CONSTRUCT_PACKAGE_DIR) : null;
  const envPackage = fromEnv ? packageAt(fromEnv) : null;
  if (fromEnv && !envPackage)
    problem(
      "construct-package-invalid",
      "error",
      `CONSTRUCT_PACKAGE_DIR (${fromEnv}) holds no ${CONSTRUCT_PACKAGE} package.json; set it to the package's folder`,
    );
  const projectPackage = packageAt(path.join(root, "node_modules", ...CONSTRUCT_PACKAGE.split("/")));
  const pathPackage = envPackage || projectPackage ? null : packageOnPath(env.PATH);
  const found = envPackage ?? projectPackage ?? pathPackage;
  const source: ConstructSource = envPackage ? "env" : projectPackage ? "project" : pathPackage ? "path" : "none";

  const adrFolders = ADR_SECTIONS.filter((s) => hasFolder(path.join(projectOrgDir, s)));
  // An empty worker-profiles/ beside the earlier org's folders says nothing; one with a profile does.
  const profilesDir = path.join(projectOrgDir, "worker-profiles");
  const v2Folder = hasFolder(profilesDir) && (adrFolders.length === 0 || holdsJson(profilesDir));
  const asked = env.CONSTRUCT_VERSION?.trim() || null;

  let generation: Generation;
  let reason: string;
  if (asked) {
    generation = asked === "adr" || majorOf(asked) < 2 ? "adr" : "2";
    reason = `--construct-version ${asked}`;
  } else if (found && majorOf(found.version) >= 2) {
    generation = "2";
    reason = `${CONSTRUCT_PACKAGE}@${found.version} ${source === "project" ? "in node_modules" : source === "env" ? "from CONSTRUCT_PACKAGE_DIR" : "on PATH"}`;
  } else if (v2Folder) {
    generation = "2";
    reason = "the project has .construct/org/worker-profiles/";
  } else {
    generation = "adr";
    reason = found ? `${CONSTRUCT_PACKAGE}@${found.version} predates worker profiles` : "no Construct 2.x found";
  }

  const usable = found && (generation === "2") === majorOf(found.version) >= 2 ? found : null;
  const version = asked && asked !== "adr" ? asked : (usable?.version ?? null);
  if (generation === "2" && !usable)
    problem(
      "construct-missing",
      "warning",
      `Construct 2.x is not installed where the studio looks (node_modules/${CONSTRUCT_PACKAGE}, \`construct\` on PATH, CONSTRUCT_PACKAGE_DIR): its registry of worker profiles, procedures, capabilities and policies is not shown. Install it with \`npm install --save-dev ${CONSTRUCT_PACKAGE}@${KNOWN_CONSTRUCT_VERSIONS.at(-1)}\``,
    );
  if (asked && usable && version !== usable.version)
    problem(
      "construct-version-mismatch",
      "warning",
      `--construct-version ${asked} differs from the installed ${CONSTRUCT_PACKAGE}@${usable.version} (${usable.dir}): the registry shown is the installed one's`,
    );
  const readOnly =
    generation === "2" && version !== null && !(KNOWN_CONSTRUCT_VERSIONS as readonly string[]).includes(version);
  if (readOnly)
    problem(
      "construct-version-unknown",
      "warning",
      `Construct ${version} is a version the studio does not know (it knows ${KNOWN_CONSTRUCT_VERSIONS.join(", ")}): the org is shown read-only`,
    );
  if (generation === "2" && adrFolders.length > 0)
    problem(
      "construct-both-generations",
      "warning",
      `the project tier holds both generations' folders: worker-profiles/ (Construct 2.x) and ${adrFolders.map((s) => `${s}/`).join(", ")} (the earlier org), which Construct 2.x never reads and the studio does not show; move them with \`construct-studio migrate --to 2\``,
    );
  else if (generation === "adr" && v2Folder && adrFolders.length > 0)
    problem(
      "construct-both-generations",
      "warning",
      `the project tier holds both generations' folders: ${adrFolders.map((s) => `${s}/`).join(", ")} and worker-profiles/ (Construct 2.x), which this org does not read; install Construct 2.x or pass --construct-version 2.1.1 to edit worker profiles`,
    );
  return {
    generation,
    version,
    packageDir: usable?.dir ?? null,
    source: usable ? source : "none",
    reason,
    readOnly,
    workspacePreset: generation === "2" ? (configuredPreset(root) ?? DEFAULT_WORKSPACE_PRESET) : null,
    problems,
  };
}
