import { composeServices, type Services } from "./compose";
import type { EmbedService } from "./embed/embed-service";
import { EmbedScheduler } from "./embed/scheduler";
import type { OrgApi } from "./org/org-api";
import type { OrgTestService } from "./org-tests/org-test-service";
import type { InstallSource } from "./packs/pack-install";
import type { PackPreviewService } from "./packs/pack-preview";
import type { PackService } from "./packs/pack-service";
import type { PromptResolver } from "./packs/prompt-resolver";
import type { PlanService } from "./plan/plan-service";
import type { LayoutStore } from "./studio/layout-store";

type ServerServices = Services & { scheduler: EmbedScheduler | null };
const holder = globalThis as unknown as { __constructStudio?: ServerServices };

/** The web server's services: built once per process by the composition root, the org cached and watched. */
function services(): ServerServices {
  holder.__constructStudio ??= { ...composeServices({ cache: true }), scheduler: null };
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
export function resolveSpecialistPrompt(id: string) {
  return services().resolveSpecialistPrompt(id);
}

/** Saves the project prompt if the prompt the user read (`ifMatch`) is still the one that resolves. */
export function savePrompt(id: string, content: string, ifMatch: string) {
  return services().savePrompt(id, content, ifMatch);
}

export function promptResolver(): PromptResolver {
  return services().prompts;
}

/** Every pack with its state, without the loaded internals, for the API and the packs page. */
export function listPacks() {
  return services().listPacks();
}

/** Enables or disables a pack; the org reloads with or without its entities. */
export function setPackEnabled(id: string, enabled: boolean) {
  return services().setPackEnabled(id, enabled);
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
