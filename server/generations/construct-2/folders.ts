import type { TierFolder } from "@/server/org/tiers";

/** The folders Construct 2.x reads from a user, project or pack tier: custom worker profiles only. */
export const PROFILE_FOLDERS: readonly TierFolder[] = [{ section: "worker-profiles", folder: "worker-profiles" }];
