import { packService } from "./services";

/** A pack enabled but missing or failing to load is a hard error named here, not a silently smaller org. */
export async function startupChecks(): Promise<void> {
  try {
    const listed = await packService().list();
    for (const error of listed.errors) console.error(`[construct-studio] error: ${error}`);
    for (const pack of listed.packs.filter((p) => p.enabled && p.errors.length)) {
      for (const error of pack.errors) console.error(`[construct-studio] error: enabled ${error}`);
    }
    for (const warning of [...listed.warnings, ...listed.packs.filter((p) => p.enabled).flatMap((p) => p.warnings)])
      console.warn(`[construct-studio] warning: ${warning}`);
    console.log(
      `[construct-studio] ${listed.mode} mode, ${listed.packs.filter((p) => p.enabled).length} pack(s) enabled`,
    );
  } catch (error) {
    console.error("[construct-studio] startup checks failed", error);
  }
}
