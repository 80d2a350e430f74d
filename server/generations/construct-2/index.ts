import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildPointer } from "@/lib/json/pointer";
import { fenceField, normalizeFence } from "@/lib/org/effective-fence";
import { EDGE_KINDS } from "@/schemas/edge-kinds";
import { ENTITY_KIND_SPECS, type EntityKind, inListOrder, type Scope, SECTION_OF } from "@/schemas/kinds";
import { CONSTRUCT_2_KIND_SPECS } from "@/schemas/kinds-construct-2";
import { CONSTRUCT_PACKAGE, type ConstructInstall } from "@/server/construct/detect";
import type { GenerationAdapter } from "@/server/generations/adapter";
import { loadTier } from "@/server/org/tier-read";
import type { TierFolder } from "@/server/org/tiers";
import { confinedPath } from "@/server/store/write";
import { builtinPacksDir, corePackRow } from "./core-pack";
import { Construct2Embed } from "./embed";
import { EMBED_OVERRIDES_ABSENT, EMBED_TICK_ABSENT } from "./embed-rules";
import { PROFILE_FOLDERS } from "./folders";
import { migrateFromEarlierOrg } from "./migrate";
import { inspectConstruct2Pack } from "./pack-inspect";
import { constructName, PACK_COMPAT_VERSION } from "./pack-manifest";
import { withPackageCheck } from "./package-check";
import { saveWorkerProfilePrompt, workerProfilePrompt } from "./prompts";
import { loadRegistryTier } from "./registry-tier";
import { setTrust, trustStatus } from "./trust";

const KINDS = inListOrder(Object.keys(CONSTRUCT_2_KIND_SPECS) as EntityKind[]);
const REGISTRY_FOLDERS: readonly TierFolder[] = KINDS.map((kind) => ({
  section: SECTION_OF[kind],
  folder: SECTION_OF[kind],
}));

/** Where the package was found, as the user knows the place. */
function where(install: ConstructInstall, root: string): string {
  if (!install.packageDir) return "";
  // A project install is often a link (workspaces, pnpm); the user knows it by its place in node_modules.
  if (install.source === "project") return ` from node_modules/${CONSTRUCT_PACKAGE}`;
  const rel = path.relative(root, install.packageDir);
  const shown = !rel.startsWith("..") && !path.isAbsolute(rel) ? rel.split(path.sep).join("/") : install.packageDir;
  return install.source === "env"
    ? ` from CONSTRUCT_PACKAGE_DIR (${shown})`
    : install.source === "path"
      ? ` from \`construct\` on PATH (${shown})`
      : ` from ${shown}`;
}

/** Construct 2.x, as `@geraldmaron/construct` on npm ships it: worker profiles over its package's registry. */
export const construct2Generation: GenerationAdapter = {
  id: "2",
  name: "Construct 2.x",
  orgSummary:
    "Construct 2.x's worker profiles over its package's registry (procedures, capabilities, policies and workspace presets, all read-only), in tiers registry < user < project; a user or project file replaces a worker profile whole.",
  kinds: KINDS,
  // Construct 2.x has no teams, so no contract crosses a team boundary.
  edgeKinds: EDGE_KINDS.filter((kind) => kind !== "team-boundary"),
  principal: "worker-profile",
  absent: {
    "embed-tick": EMBED_TICK_ABSENT,
    "embed-overrides": EMBED_OVERRIDES_ABSENT,
  },
  absentKind: (kind) =>
    `${ENTITY_KIND_SPECS[kind].titles.toLowerCase()} do not exist in Construct 2.x: it retired teams, groups, specialists, contract files and policy files, and its org is worker profiles over its package's registry (\`construct-studio migrate --to 2\` moves an earlier org)`,

  locate({ root, configHome, configHomeGiven, install }) {
    const packageDir = install.packageDir ?? path.join(root, "node_modules", ...CONSTRUCT_PACKAGE.split("/"));
    const construct = path.join(root, ".construct");
    return {
      // Construct 2.x reads a project's tier from `.construct/org` only, whether or not the folder exists yet.
      projectDir: construct,
      builtinOrgDir: path.join(packageDir, "registry"),
      skillsDir: path.join(packageDir, "skills"),
      // Construct 2.x reads packs from `~/.config` whatever XDG_CONFIG_HOME says, and only under `.construct/`.
      userPacksDir: path.join(configHomeGiven ? configHome : path.join(os.homedir(), ".config"), "construct", "packs"),
      projectPacksDir: path.join(construct, "packs"),
      packsFile: path.join(construct, "packs.json"),
      builtinDisplayBase: root,
    };
  },

  label: (install) =>
    `Construct ${install.version ?? "2.x (not installed)"} · worker profiles${install.readOnly ? " · read-only" : ""}`,

  describe(install, root) {
    const version = install.version ? `Construct ${install.version}` : "Construct 2.x";
    const found = install.packageDir ? where(install, root) : " — its package is not installed";
    const chosen = install.reason.startsWith("--construct-version") ? ` (${install.reason})` : "";
    const readOnly = install.readOnly ? "; read-only: a version the studio does not know" : "";
    return `construct-studio: ${version} (worker profiles)${found}${chosen}${readOnly}`;
  },

  tiers: {
    folders: (scope: Scope) => (scope === "builtin" ? REGISTRY_FOLDERS : PROFILE_FOLDERS),
    read: (scope, dir, displayBase) =>
      scope === "builtin" ? loadRegistryTier(dir, displayBase) : loadTier(scope, dir, displayBase, PROFILE_FOLDERS),
    // The registry is the installed package, which is not versioned with the project.
    installed: ["builtin"],
    recognizes: (dir) => existsSync(path.join(dir, "worker-profiles")),
  },

  orgProblems: (rows, { construct }) => {
    const presets = rows["workspace-presets"];
    const preset = construct.workspacePreset;
    // Without the package there is no registry to know its presets by.
    if (!preset || presets.size === 0 || presets.has(preset)) return [];
    const known = [...presets.keys()].sort().join(", ");
    return [
      {
        id: "workspace-preset-unknown",
        severity: "error",
        message: `construct.config.json: workspacePreset "${preset}" is not a preset of ${constructName(construct.version)}, which has ${known}; set "workspacePreset" to one of them`,
        location: buildPointer("construct", "workspacePreset"),
        path: "construct.config.json",
      },
    ];
  },

  fence: {
    // Without teams, a worker profile's own fence is its effective one.
    effective: (record) => normalizeFence(record[fenceField(record)]),
    noTeamReason: () => null,
  },

  packs: {
    scopedFolders: false,
    // Construct 2.x reads only the folders directly in a packs folder: `@org/pack` takes one folder, `@org+pack`.
    folder: (packsDir, id) => confinedPath(packsDir, id.replaceAll("/", "+")),
    inspect: inspectConstruct2Pack,
    core: (paths) => {
      const core = corePackRow(paths);
      return core ? [core] : [];
    },
    builtinDir: builtinPacksDir,
    // What `construct pack enable` records: the version and tier enabled, stamped each time.
    enabledEntry: (pack, previous) =>
      pack
        ? { version: pack.version, enabledAt: new Date().toISOString(), tier: pack.tier }
        : { enabledAt: previous?.enabledAt ?? new Date().toISOString() },
    compatLine: (install) => `${constructName(install.version)} · pack compatVersion ${PACK_COMPAT_VERSION}`,
    // Construct 2.1.1's profile loader reads the registry, ~/.construct/org and .construct/org, never a pack.
    joinsOrg: false,
  },

  validators: { check: withPackageCheck },

  trust: {
    status: trustStatus,
    set: async (paths, opts) => {
      await setTrust(paths, paths.construct, opts);
      return trustStatus(paths);
    },
  },

  embedSummary: (install) =>
    `Procedures of ${constructName(install.version)} with an embed block: a worker profile that Construct's embed daemon runs on a schedule, reading its providers and proposing — never applying — changes. Enabled in .construct/procedures/<id>.manifest.json, as \`construct embed enable\` writes it.`,
  embed: (deps) => new Construct2Embed(deps),
  prompts: ({ org, paths, packs }) => ({
    resolve: workerProfilePrompt(org, paths, packs),
    save: async (id, content, opts) => {
      await saveWorkerProfilePrompt(org, paths, id, content, opts);
    },
  }),

  migration: { run: migrateFromEarlierOrg },

  // Construct 2.1.1's hooks write into the `.construct/` of the project they run in.
  activity: (root) => ({
    trail: path.join(root, ".construct", "audit-trail.jsonl"),
    agentLog: path.join(root, ".construct", "agent-log.jsonl"),
  }),

  gitVisible: ({ root }) => {
    const construct = path.join(root, ".construct");
    return [
      { path: path.join(construct, "org"), dir: true },
      { path: path.join(construct, "packs.json"), dir: false },
      { path: path.join(construct, "packs"), dir: true },
      { path: path.join(construct, "procedures"), dir: true },
      { path: path.join(construct, "studio"), dir: true },
      { path: path.join(construct, "tests"), dir: true },
    ];
  },
};
