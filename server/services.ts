import { resolvePaths } from "./config";
import { EmbedService } from "./embed/embed-service";
import { EmbedScheduler } from "./embed/scheduler";
import { OrgApi } from "./org/org-api";
import { OrgTestService } from "./org-tests/org-test-service";
import type { InstallSource } from "./packs/pack-install";
import { PackPreviewService } from "./packs/pack-preview";
import { PackService } from "./packs/pack-service";
import { PromptResolver, promptEtag, specialistPrompt } from "./packs/prompt-resolver";
import { PlanService } from "./plan/plan-service";
import { LayoutStore } from "./studio/layout-store";

type Services = {
  org: OrgApi;
  layout: LayoutStore;
  packs: PackService;
  prompts: PromptResolver;
  embed: EmbedService;
  scheduler: EmbedScheduler | null;
  tests: OrgTestService;
  plan: PlanService;
  packPreview: PackPreviewService;
};
const holder = globalThis as unknown as { __constructStudio?: Services };

function services(): Services {
  if (!holder.__constructStudio) {
    const paths = resolvePaths();
    const packs = new PackService(paths);
    const org = new OrgApi(paths, { cache: true, packs });
    const prompts = new PromptResolver(paths, packs);
    const embed = new EmbedService({ paths, packs, org, resolvePrompt: specialistPrompt(org, prompts) });
    const tests = new OrgTestService(paths, org, packs);
    const plan = new PlanService(org, () => tests.routingCases());
    holder.__constructStudio = {
      tests,
      plan,
      packPreview: new PackPreviewService({ paths, packs, org, plan }),
      org,
      layout: new LayoutStore(paths.projectDir),
      packs,
      prompts,
      embed,
      scheduler: null,
    };
  }
  return holder.__constructStudio;
}

/** The server's one org façade, kept in memory across requests and refreshed when files change. */
export function orgApi(): OrgApi {
  return services().org;
}

/** Saved node positions of the graph editor. */
export function layoutStore(): LayoutStore {
  return services().layout;
}

/** Org tests: `<proj>/tests/*.test.json` and enabled packs' tests. */
export function orgTestService(): OrgTestService {
  return services().tests;
}

/** The plan: what the org now does differently from a git revision, or what one draft would change. */
export function planService(): PlanService {
  return services().plan;
}

/** Installed packs: discovery, compat, enabling. */
export function packService(): PackService {
  return services().packs;
}

/** A specialist's prompt with its provenance, through packs, the project and the built-in tier, and its ETag. */
export async function resolveSpecialistPrompt(id: string) {
  const resolved = await specialistPrompt(orgApi(), services().prompts)(id);
  return resolved.ok ? { ...resolved, etag: promptEtag(resolved.content) } : resolved;
}

/** Saves the project prompt if the prompt the user read (`ifMatch`) is still the one that resolves. */
export async function savePrompt(id: string, content: string, ifMatch: string) {
  await services().prompts.saveOverride(id, content, { ifMatch, current: () => resolveSpecialistPrompt(id) });
  return resolveSpecialistPrompt(id);
}

export function promptResolver(): PromptResolver {
  return services().prompts;
}

/** Every pack with its state, without the loaded internals, for the API and the packs page. */
export async function listPacks() {
  const listed = await packService().list();
  return {
    mode: listed.mode,
    coreVersion: packService().coreVersion,
    errors: listed.errors,
    warnings: listed.warnings,
    missing: listed.missing,
    packs: listed.packs.map(({ dir: _dir, manifest: _manifest, org: _org, ...row }) => row),
  };
}

/** Enables or disables a pack; the org reloads with or without its entities. */
export async function setPackEnabled(id: string, enabled: boolean) {
  const result = await packService().setEnabled(id, enabled);
  orgApi().invalidate();
  return result;
}

/** Previews, enables and installs packs through the plan of what they change. */
export function packPreviewService(): PackPreviewService {
  return services().packPreview;
}

/** A typed folder (kept as typed: the install expands `~` and messages show what was typed) or an uploaded zip. */
function packSource(
  typed: string | undefined,
  zipBase64: string | undefined,
): { source: InstallSource; shown: string } {
  return typed
    ? { source: { folder: typed }, shown: typed }
    : { source: { zip: Buffer.from(zipBase64 ?? "", "base64") }, shown: "the uploaded .zip" };
}

export async function previewPackInstall(body: { path?: string; zipBase64?: string; tier: "user" | "project" }) {
  const { source, shown } = packSource(body.path, body.zipBase64);
  return packPreviewService().previewInstall(source, body.tier, shown);
}

/** Installs a pack from a folder or a zip; nothing lands unless every check passes (and, with a hash, it is what was previewed). */
export async function installPackFrom(body: {
  path?: string;
  zipBase64?: string;
  tier: "user" | "project";
  hash?: string;
  force?: boolean;
}) {
  const { source, shown } = packSource(body.path, body.zipBase64);
  return packPreviewService().install(source, body.tier, shown, { hash: body.hash, force: body.force });
}

/** Embed capabilities: the loader, runtimes and tick records. */
export function embedService(): EmbedService {
  return services().embed;
}

/**
 * Starts ticking enabled capabilities on their cadence, once per server process. Set
 * `CONSTRUCT_EMBED_SCHEDULER=off` to only run ticks on demand.
 */
export function startEmbedScheduler(): EmbedScheduler | null {
  const s = services();
  if (process.env.CONSTRUCT_EMBED_SCHEDULER === "off") return null;
  s.scheduler ??= new EmbedScheduler(s.embed);
  s.scheduler.start();
  return s.scheduler;
}
