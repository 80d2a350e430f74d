import type { AccessHistoryService } from "./access/history";
import type { ActivityService } from "./activity/activity-service";
import { composeServices, type Services } from "./compose";
import { EmbedScheduler } from "./embed/scheduler";
import type { EmbedBackend } from "./generations/adapter";
import type { OrgApi } from "./org/org-api";
import type { OrgTestService } from "./org-tests/org-test-service";
import type { InstallSource } from "./packs/pack-install";
import type { PackPreviewService } from "./packs/pack-preview";
import type { PackService } from "./packs/pack-service";
import type { PromptResolver } from "./packs/prompt-resolver";
import { HeadWatcher } from "./plan/head-watch";
import type { PlanService } from "./plan/plan-service";
import type { LayoutStore } from "./studio/layout-store";

type ServerServices = Services & { scheduler: EmbedScheduler | null; heads?: HeadWatcher };
const holder = globalThis as unknown as { __constructStudio?: ServerServices };

function services(): ServerServices {
  holder.__constructStudio ??= { ...composeServices({ cache: true }), scheduler: null };
  return holder.__constructStudio;
}

export function orgApi(): OrgApi {
  return services().org;
}

export function layoutStore(): LayoutStore {
  return services().layout;
}

export function orgTestService(): OrgTestService {
  return services().tests;
}

export function planService(): PlanService {
  return services().plan;
}

/** Git's HEAD and branch, followed while an event stream is open. */
export function headWatcher(): HeadWatcher {
  const s = services();
  s.heads ??= new HeadWatcher(s.org.paths.root);
  return s.heads;
}

export function accessHistoryService(): AccessHistoryService {
  return services().accessHistory;
}

export function activityService(): ActivityService {
  return services().activity;
}

export function gitIgnoreStatus() {
  return services().gitIgnore.status();
}

export function fixGitIgnore(opts: { ifMatch: string; dryRun?: boolean }) {
  return services().fixGitIgnore(opts);
}

export function packService(): PackService {
  return services().packs;
}

export function resolveSpecialistPrompt(id: string) {
  return services().resolveSpecialistPrompt(id);
}

export function savePrompt(id: string, content: string, ifMatch: string) {
  return services().savePrompt(id, content, ifMatch);
}

export function promptResolver(): PromptResolver {
  return services().prompts;
}

export function listPacks() {
  return services().listPacks();
}

export function setPackEnabled(id: string, enabled: boolean) {
  return services().setPackEnabled(id, enabled);
}

export function packPreviewService(): PackPreviewService {
  return services().packPreview;
}

/** A typed folder (kept as typed for messages; the install expands `~`) or an uploaded zip. */
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

/** The project's embed capabilities, as its generation keeps them. */
export function embedService(): EmbedBackend {
  return services().embed;
}

/** Once per server process; `CONSTRUCT_EMBED_SCHEDULER=off` leaves ticks on demand only. */
export function startEmbedScheduler(): EmbedScheduler | null {
  const s = services();
  // A generation whose Construct ticks its capabilities itself has nothing for the studio to schedule.
  if (process.env.CONSTRUCT_EMBED_SCHEDULER === "off" || s.paths.adapter.absent["embed-tick"]) return null;
  s.scheduler ??= new EmbedScheduler(s.embed);
  s.scheduler.start();
  return s.scheduler;
}
