import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { stringifyRecord } from "@/lib/json/safe-json";
import type { Section } from "@/schemas/kinds";
import type { StudioPaths } from "@/server/config";
import { isAppError } from "@/server/errors";
import type { MigrationOutcome } from "@/server/generations/adapter";
import { loadTier } from "@/server/org/tier-read";
import { displayPath, type TierData } from "@/server/org/tiers";
import { withTierLock } from "@/server/store/lock";
import { NoFollowReadError, readTextNoFollow } from "@/server/store/read";
import { commitFiles, type FileChange } from "@/server/store/transaction";
import { type AdrSpecialist, type MigrationPlan, planMigration, type RetiredRecord } from "./migrate-plan";
import { type FileAction, renderMigration } from "./migrate-report";

/** The earlier org's folders in a user or project tier: what a migration reads and leaves in place. */
const EARLIER_FOLDERS = ["specialists", "teams", "groups", "contracts", "policies"].map((s) => ({
  section: s as Section,
  folder: s,
}));

const RETIRED: [Section, RetiredRecord["kind"]][] = [
  ["teams", "team"],
  ["groups", "group"],
  ["contracts", "contract"],
  ["policies", "policy"],
];

async function readText(file: string): Promise<string | null> {
  try {
    return (await readTextNoFollow(file)).text;
  } catch (error) {
    if (error instanceof NoFollowReadError && error.code === "missing") return null;
    throw error;
  }
}

function registryProfileIds(paths: StudioPaths): Set<string> {
  const dir = paths.construct.packageDir && path.join(paths.construct.packageDir, "registry", "worker-profiles");
  if (!dir) return new Set();
  try {
    return new Set(
      readdirSync(dir)
        .filter((n) => n.endsWith(".json"))
        .map((n) => n.slice(0, -5)),
    );
  } catch {
    return new Set();
  }
}

type Source = { tier: TierData; paths: StudioPaths; scope: "project" | "user"; targetDir: string };

/** The tier's specialists as the earlier org runs them, and its records Construct 2.x has no place for. */
async function readSource({ tier, paths, scope }: Source) {
  const builtin = await loadTier("builtin", path.join(paths.appDir, "specialists", "org"), paths.appDir, [
    { section: "specialists", folder: "specialists" },
  ]);
  const user =
    scope === "project"
      ? await loadTier("user", paths.userOrgDir, paths.root, [{ section: "specialists", folder: "specialists" }])
      : null;
  const specialists: AdrSpecialist[] = [];
  for (const [id, layer] of tier.entities.specialists) {
    const below = user?.entities.specialists.get(id)?.record;
    const promptPath = scope === "project" ? path.join(paths.projectDir, "prompts", `${id}.md`) : null;
    const content = promptPath ? await readText(promptPath) : null;
    specialists.push({
      id,
      record: below ? { ...below, ...layer.record } : layer.record,
      path: layer.path,
      prompt: promptPath && content !== null ? { path: displayPath(promptPath, paths.root), content } : null,
      overridesBuiltin: builtin.entities.specialists.has(id),
    });
  }
  const retired = RETIRED.flatMap(([section, kind]) =>
    [...tier.entities[section].values()].map((layer) => ({ kind, id: String(layer.record.id), path: layer.path })),
  );
  return { specialists, retired };
}

/** Each file the plan writes, as a change of the target tier, and whether it is new or already there. */
async function stage(plan: MigrationPlan, targetDir: string) {
  const changes: FileChange[] = [];
  const files: FileAction[] = [];
  const conflicts: string[] = [];
  const wanted = plan.profiles.flatMap((p) => [
    { rel: `worker-profiles/${p.id}.json`, shown: p.file, content: stringifyRecord(p.record) },
    ...(p.prompt ? [{ rel: `prompts/${p.id}.md`, shown: p.prompt.file, content: p.prompt.content }] : []),
  ]);
  for (const { rel, shown, content } of wanted) {
    const existing = await readText(path.join(targetDir, rel));
    if (existing === content) files.push({ path: shown, action: "unchanged" });
    else if (existing !== null)
      conflicts.push(
        `${shown} already exists with different content; move it aside (or delete it) and run migrate again`,
      );
    else {
      files.push({ path: shown, action: "create" });
      changes.push({ rel, content });
    }
  }
  return { changes, files, conflicts };
}

/** Thrown under the lock when the target changed since the plan was made. */
class StaleTarget extends Error {}

/**
 * Moves an earlier org's specialists in one tier into Construct 2.x custom worker profiles, written
 * all together or not at all; the earlier org's files are left in place.
 */
export async function migrateFromEarlierOrg(
  paths: StudioPaths,
  opts: { scope: "project" | "user"; dryRun: boolean },
): Promise<MigrationOutcome> {
  const { scope, dryRun } = opts;
  if (paths.construct.readOnly)
    return {
      report: "",
      refused: [
        {
          message: `Construct ${paths.construct.version} is a version the studio does not know; migrate writes worker profiles for 2.1.1`,
        },
      ],
      written: 0,
    };
  const sourceDir = scope === "project" ? paths.projectOrgDir : paths.userOrgDir;
  const targetDir = scope === "project" ? path.join(paths.root, ".construct", "org") : paths.userOrgDir;
  const tier = await loadTier(scope, sourceDir, paths.root, EARLIER_FOLDERS);
  const broken = tier.problems.filter((p) => p.severity === "error");
  if (broken.length)
    return {
      report: "",
      refused: [
        ...broken.map((p) => ({ message: p.message })),
        {
          message:
            "fix these files first (`construct-studio validate` lists them): a file migrate cannot read would be left behind",
        },
      ],
      written: 0,
    };
  const { specialists, retired } = await readSource({ tier, paths, scope, targetDir });
  const rel = (dir: string) => displayPath(dir, paths.root);
  const plan = planMigration({
    specialists,
    retired,
    registryIds: registryProfileIds(paths),
    profileDir: rel(path.join(targetDir, "worker-profiles")),
    promptDir: rel(path.join(targetDir, "prompts")),
    // Construct resolves promptFile against the project root, user tier included.
    promptFileOf: (id) =>
      path
        .relative(paths.root, path.join(targetDir, "prompts", `${id}.md`))
        .split(path.sep)
        .join("/"),
  });
  const staged = plan.refused.length ? null : await stage(plan, targetDir);
  if (staged) plan.refused.push(...staged.conflicts.map((message) => ({ message })));
  const adrFolders = ["specialists", ...RETIRED.map(([s]) => s)]
    .map((s) => path.join(sourceDir, s))
    .concat(scope === "project" ? [path.join(paths.projectDir, "prompts")] : [])
    .filter((d) => existsSync(d))
    .map(rel);
  const notes =
    scope === "project" && paths.projectDir !== path.dirname(targetDir)
      ? [
          `The studio reads the project tier from .construct/ once it exists, so ${rel(paths.projectDir)}/ (its packs.json, layout and embed overlays) is not read after this; move what you still need into .construct/.`,
        ]
      : [];
  const report = {
    plan,
    from: rel(sourceDir),
    into: rel(targetDir),
    files: staged?.files ?? [],
    dryRun,
    adrFolders,
    notes,
  };
  const rendered = renderMigration(report);
  if (plan.refused.length || !staged) return { report: rendered, refused: plan.refused, written: 0 };
  if (dryRun || !staged.changes.length) return { report: rendered, refused: [], written: 0 };
  try {
    await withTierLock(targetDir, async () => {
      const again = await stage(plan, targetDir);
      if (again.conflicts.length) throw new StaleTarget(again.conflicts.join("\n"));
      if (again.changes.length) await commitFiles(targetDir, again.changes);
    });
  } catch (error) {
    if (!(error instanceof StaleTarget) && !isAppError(error)) throw error;
    return {
      report: rendered,
      refused: (error as Error).message.split("\n").map((message) => ({ message })),
      written: 0,
    };
  }
  return { report: rendered, refused: [], written: staged.changes.length };
}
