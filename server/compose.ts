import path from "node:path";
import type { Prompt } from "@/schemas/api/prompts";
import { AccessHistoryService } from "./access/history";
import { ActivityService } from "./activity/activity-service";
import { GitFenceHistory } from "./activity/fence-history";
import { resolvePaths, type StudioPaths } from "./config";
import { GitIgnoreService } from "./git-ignore/git-ignore-service";
import { OrgApi } from "./org/org-api";
import { displayPath } from "./org/tiers";
import { OrgTestService } from "./org-tests/org-test-service";
import { type InstallSource, installPack } from "./packs/pack-install";
import { type OrgReaders, PackPreviewService } from "./packs/pack-preview";
import { PackService } from "./packs/pack-service";
import { type PromptHardFailure, PromptResolver, promptEtag } from "./packs/prompt-resolver";
import { PlanService } from "./plan/plan-service";
import { AcceptedStore } from "./studio/accepted-store";
import { LayoutStore } from "./studio/layout-store";
import { TreeFiles } from "./tree/tree-files";

/** A pack preview builds these over the packs as they would be, so it judges the org exactly as it will be. */
function orgReaders(
  paths: StudioPaths,
  packs: PackService,
  gitIgnore: GitIgnoreService,
  treeFiles: TreeFiles,
  opts: { cache?: boolean } = {},
): OrgReaders {
  const accepted = new AcceptedStore(paths.projectDir);
  const shown = path.relative(paths.root, accepted.file).split(path.sep).join("/");
  const org = new OrgApi(paths, {
    cache: opts.cache ?? false,
    packs,
    projectProblems: () => gitIgnore.problems(),
    accepted: () => accepted.read(shown),
    treeFiles,
  });
  return { org, prompts: new PromptResolver(paths, packs), tests: new OrgTestService(paths, org, packs) };
}

export type Services = ReturnType<typeof composeServices>;

/**
 * The one composition root. `root` is the project (else `CONSTRUCT_ROOT`, else the working directory);
 * `cache` keeps the org in memory and watched, for long-running processes.
 */
export function composeServices(opts: { root?: string; cache?: boolean } = {}) {
  const paths = resolvePaths({ root: opts.root });
  const packs = new PackService(paths);
  const gitIgnore = new GitIgnoreService(paths);
  const treeFiles = new TreeFiles(paths.root);
  const { org, prompts, tests } = orgReaders(paths, packs, gitIgnore, treeFiles, { cache: opts.cache });
  // Where a principal's prompt lives, and what an embed capability is, are the project's generation's.
  const promptRules = paths.adapter.prompts({ org, paths, packs, resolver: prompts });
  const resolvePrompt = promptRules.resolve;
  const embed = paths.adapter.embed({ paths, packs, org, resolvePrompt });
  const layout = new LayoutStore(paths.projectDir);
  const plan = new PlanService(org, () => tests.routingCases());
  const accessHistory = new AccessHistoryService(org);
  const activity = new ActivityService(org, new GitFenceHistory(org));
  const packPreview = new PackPreviewService({
    paths,
    packs,
    org,
    prompts,
    tests,
    plan,
    readersWith: (hypothetical) => orgReaders(paths, hypothetical, gitIgnore, treeFiles),
  });

  const resolveSpecialistPrompt = async (id: string): Promise<Prompt | PromptHardFailure> => {
    const resolved = await resolvePrompt(id);
    return resolved.ok ? { ...resolved, etag: promptEtag(resolved.content) } : resolved;
  };

  return {
    paths,
    org,
    packs,
    prompts,
    embed,
    layout,
    tests,
    plan,
    accessHistory,
    activity,
    packPreview,
    resolveSpecialistPrompt,
    gitIgnore,

    /** Rewrites the ignore rule (see GitIgnoreService.fix); the org's problems are read again after. */
    async fixGitIgnore(opts: { ifMatch: string; dryRun?: boolean }) {
      const result = await gitIgnore.fix(opts);
      if (result.applied) org.invalidate();
      return result;
    },

    async savePrompt(id: string, content: string, ifMatch: string) {
      const current = () => resolveSpecialistPrompt(id);
      await promptRules.save(id, content, { ifMatch, current });
      return resolveSpecialistPrompt(id);
    },

    async listPacks() {
      const listed = await packs.list();
      return {
        mode: listed.mode,
        coreVersion: packs.coreVersion,
        compat: paths.adapter.packs.compatLine(paths.construct, packs.coreVersion),
        /** The project's packs folder, as the user knows it. */
        projectFolder: displayPath(paths.projectPacksDir, paths.root),
        errors: listed.errors,
        warnings: listed.warnings,
        missing: listed.missing,
        packs: listed.packs.map(({ dir: _dir, manifest: _manifest, org: _org, ...row }) => row),
      };
    },

    /** Throws AppError on refusal. */
    async setPackEnabled(id: string, enabled: boolean, opts: { ifMatch?: string; dryRun?: boolean } = {}) {
      const result = await packs.setEnabled(id, enabled, opts);
      org.invalidate();
      return result;
    },

    async installPackFrom(source: InstallSource, tier: "user" | "project") {
      const result = await installPack(packs, source, tier);
      org.invalidate();
      return result;
    },

    close() {
      org.close();
    },
  };
}
