import { resolvePaths } from "./config";
import { OrgApi } from "./org/org-api";
import { PromptService } from "./prompts/prompt-service";
import { LayoutStore } from "./studio/layout-store";

const holder = globalThis as unknown as { __constructStudio?: { org: OrgApi; layout: LayoutStore; prompts: PromptService } };

function services() {
  if (!holder.__constructStudio) {
    const paths = resolvePaths();
    holder.__constructStudio = { org: new OrgApi(paths, { cache: true }), layout: new LayoutStore(paths.projectDir), prompts: new PromptService(paths) };
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

/** Specialist prompts with their provenance. */
export function promptService(): PromptService {
  return services().prompts;
}
