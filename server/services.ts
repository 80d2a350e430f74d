import { resolvePaths } from "./config";
import { OrgApi } from "./org/org-api";
import { type InstallSource, installPack } from "./packs/pack-install";
import { PackService } from "./packs/pack-service";
import { PromptResolver } from "./packs/prompt-resolver";
import { LayoutStore } from "./studio/layout-store";

type Services = { org: OrgApi; layout: LayoutStore; packs: PackService; prompts: PromptResolver };
const holder = globalThis as unknown as { __constructStudio?: Services };

function services(): Services {
  if (!holder.__constructStudio) {
    const paths = resolvePaths();
    const packs = new PackService(paths);
    holder.__constructStudio = { org: new OrgApi(paths, { cache: true, packs }), layout: new LayoutStore(paths.projectDir), packs, prompts: new PromptResolver(paths, packs) };
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

/** Installed packs: discovery, compat, enabling. */
export function packService(): PackService {
  return services().packs;
}

/** A specialist's prompt with its provenance, through packs, the project and the built-in tier. */
export async function resolveSpecialistPrompt(id: string) {
  const row = await orgApi().getEntity("specialist", id);
  const builtinSpecialist = !!row && (row.scope === "builtin" || row.overrides.some((o) => o.scope === "builtin"));
  return services().prompts.resolve(id, { builtinSpecialist, record: row?.record });
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

/** Installs a pack from a folder or a zip; nothing lands unless every check passes. */
export async function installPackFrom(source: InstallSource, tier: "user" | "project") {
  const result = await installPack(packService(), source, tier);
  orgApi().invalidate();
  return result;
}
