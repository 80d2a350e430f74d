import type { Prompt } from "@/schemas/api/prompts";
import { resolvePaths, type StudioPaths } from "./config";
import { EmbedService } from "./embed/embed-service";
import { OrgApi } from "./org/org-api";
import { OrgTestService } from "./org-tests/org-test-service";
import { type InstallSource, installPack } from "./packs/pack-install";
import { type OrgReaders, PackPreviewService } from "./packs/pack-preview";
import { PackService } from "./packs/pack-service";
import { type PromptHardFailure, PromptResolver, promptEtag, specialistPrompt } from "./packs/prompt-resolver";
import { PlanService } from "./plan/plan-service";
import { LayoutStore } from "./studio/layout-store";

/**
 * The services that read the org over one set of packs: the project's own, and those a pack
 * preview builds over the packs as they would be (so a preview judges the org exactly as it will be).
 */
function orgReaders(paths: StudioPaths, packs: PackService, opts: { cache?: boolean } = {}): OrgReaders {
  const org = new OrgApi(paths, { cache: opts.cache ?? false, packs });
  return { org, prompts: new PromptResolver(paths, packs), tests: new OrgTestService(paths, org, packs) };
}

/** Every service of one project, wired once: the web server, each CLI command and the MCP server use this. */
export type Services = ReturnType<typeof composeServices>;

/**
 * The one composition root. `root` is the project (else `CONSTRUCT_ROOT`, else the working
 * directory); the other tiers come from the environment as `resolvePaths` reads it. `cache` keeps
 * the org in memory and watches its files, for long-running processes (the web server, `mcp`).
 */
export function composeServices(opts: { root?: string; cache?: boolean } = {}) {
  const paths = resolvePaths({ root: opts.root });
  const packs = new PackService(paths);
  const { org, prompts, tests } = orgReaders(paths, packs, { cache: opts.cache });
  const resolvePrompt = specialistPrompt(org, prompts);
  const embed = new EmbedService({ paths, packs, org, resolvePrompt });
  const layout = new LayoutStore(paths.projectDir);
  const plan = new PlanService(org, () => tests.routingCases());
  const packPreview = new PackPreviewService({
    paths,
    packs,
    org,
    prompts,
    tests,
    plan,
    readersWith: (hypothetical) => orgReaders(paths, hypothetical),
  });

  /** A specialist's prompt with its provenance, through packs, the project and the built-in tier, and its ETag. */
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
    packPreview,
    resolveSpecialistPrompt,

    /** Saves the project prompt if the prompt the user read (`ifMatch`) is still the one that resolves. */
    async savePrompt(id: string, content: string, ifMatch: string) {
      await prompts.saveOverride(id, content, { ifMatch, current: () => resolveSpecialistPrompt(id) });
      return resolveSpecialistPrompt(id);
    },

    /** Every pack with its state, without the loaded internals. */
    async listPacks() {
      const listed = await packs.list();
      return {
        mode: listed.mode,
        coreVersion: packs.coreVersion,
        errors: listed.errors,
        warnings: listed.warnings,
        missing: listed.missing,
        packs: listed.packs.map(({ dir: _dir, manifest: _manifest, org: _org, ...row }) => row),
      };
    },

    /** Enables or disables a pack; the org reloads with or without its entities. Throws AppError on refusal. */
    async setPackEnabled(id: string, enabled: boolean, opts: { ifMatch?: string; dryRun?: boolean } = {}) {
      const result = await packs.setEnabled(id, enabled, opts);
      org.invalidate();
      return result;
    },

    /** Installs a pack from a folder or a zip; nothing lands unless every check passes. */
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
