import { existsSync } from "node:fs";
import path from "node:path";
import { effectiveFence, fenceField, noTeamReason } from "@/lib/org/effective-fence";
import { toResult } from "@/lib/org/validate";
import { EDGE_KINDS } from "@/schemas/edge-kinds";
import { ENTITY_KIND_SPECS, type EntityKind, inListOrder, type Scope, SECTION_OF } from "@/schemas/kinds";
import { ADR_KIND_SPECS } from "@/schemas/kinds-adr";
import { EmbedService } from "@/server/embed/embed-service";
import { AppError } from "@/server/errors";
import type { GenerationAdapter } from "@/server/generations/adapter";
import { loadTier } from "@/server/org/tier-read";
import type { TierFolder } from "@/server/org/tiers";
import { specialistPrompt } from "@/server/packs/prompt-resolver";
import { confinedPath } from "@/server/store/write";
import { inspectAdrPack } from "./pack-inspect";

const KINDS = inListOrder(Object.keys(ADR_KIND_SPECS) as EntityKind[]);
const ABSENT_TRUST =
  "the earlier Construct org runs no package of Construct's, so there is no install to trust: the studio's own rules check it";
const FOLDERS: readonly TierFolder[] = KINDS.map((kind) => ({ section: SECTION_OF[kind], folder: SECTION_OF[kind] }));

/** The earlier org of specialists, teams, groups and contract files, merged field by field across tiers. */
export const adrGeneration: GenerationAdapter = {
  id: "adr",
  name: "the earlier Construct org",
  orgSummary:
    "specialists, teams, groups, contracts and policies, stored as JSON in tiers builtin < packs < user < project; later tiers win field by field.",
  kinds: KINDS,
  edgeKinds: EDGE_KINDS,
  principal: "specialist",
  absent: {
    trust: ABSENT_TRUST,
    activity:
      "the earlier Construct org keeps no activity records: Construct 2.x writes them (.construct/audit-trail.jsonl, .construct/agent-log.jsonl)",
  },
  absentKind: (kind) =>
    `${ENTITY_KIND_SPECS[kind].titles.toLowerCase()} do not exist in the earlier Construct org of specialists, teams and groups: they are Construct 2.x's (install \`@geraldmaron/construct\` 2.x, or pass --construct-version 2.1.1)`,

  locate: ({ root, appDir, configHome }) => {
    // `.construct/` when the project has one, else the studio's own `.cx/` (created on first write).
    const construct = path.join(root, ".construct");
    const projectDir = existsSync(construct) ? construct : path.join(root, ".cx");
    return {
      projectDir,
      builtinOrgDir: path.join(appDir, "specialists", "org"),
      skillsDir: path.join(appDir, "specialists", "skills"),
      userPacksDir: path.join(configHome, "construct", "packs"),
      projectPacksDir: path.join(projectDir, "packs"),
      packsFile: path.join(projectDir, "packs.json"),
      builtinDisplayBase: appDir,
    };
  },

  label: () => "ADR-era org · specialists and teams",
  describe: (install) => `construct-studio: the earlier org (specialists, teams) — ${install.reason}`,

  tiers: {
    folders: (_scope: Scope) => FOLDERS,
    read: (scope, dir, displayBase) => loadTier(scope, dir, displayBase, FOLDERS),
    installed: [],
    recognizes: (dir) => FOLDERS.some(({ folder }) => existsSync(path.join(dir, folder))),
  },

  // The earlier org is its tiers alone: nothing else sets it up.
  orgProblems: () => [],

  fence: {
    effective: (record, team) => effectiveFence(record[fenceField(record)], team),
    noTeamReason,
  },

  packs: {
    scopedFolders: true,
    folder: (packsDir, id) => confinedPath(packsDir, ...id.split("/")),
    inspect: inspectAdrPack,
    core: () => [],
    builtinDir: () => null,
    enabledEntry: (_pack, previous) => ({ enabledAt: previous?.enabledAt ?? new Date().toISOString() }),
    compatLine: (_install, coreVersion) => `core ${coreVersion}`,
    joinsOrg: true,
  },

  validators: {
    // The earlier org ships no validator of its own: the studio's rules are the whole answer.
    check: async (_paths, result) => ({
      ...toResult([...result.errors, ...result.warnings]),
      checkedBy: { by: "studio", version: null, message: "checked by the studio's rules of the earlier Construct org" },
    }),
  },

  trust: {
    status: () => ({ trusted: false, message: ABSENT_TRUST, offered: false }),
    set: async () => {
      throw new AppError("not_in_generation", ABSENT_TRUST);
    },
  },

  embedSummary: () =>
    "Specialists that run on a schedule, read their providers and propose — never apply — changes. Built-in ones live in specialists/workflows/; packs add theirs in workflows/; a project enables and overrides them in .cx/embed/.",
  embed: (deps) => new EmbedService(deps),
  prompts: ({ org, resolver }) => ({
    resolve: specialistPrompt(org, resolver),
    save: async (id, content, opts) => {
      await resolver.saveOverride(id, content, opts);
    },
  }),

  // `absent.activity` says why: the earlier org's Construct writes no records.
  activity: () => null,

  gitVisible: ({ projectDir }) => [
    { path: path.join(projectDir, "org"), dir: true },
    { path: path.join(projectDir, "packs.json"), dir: false },
    { path: path.join(projectDir, "packs"), dir: true },
    { path: path.join(projectDir, "embed"), dir: true },
    { path: path.join(projectDir, "studio"), dir: true },
    { path: path.join(projectDir, "tests"), dir: true },
  ],
};
