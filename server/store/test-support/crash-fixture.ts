import type { OrgPayload } from "@/schemas/api";
import { type EntityRecord, emptyOrg } from "@/schemas/kinds";
import type { StudioPaths } from "../../config";
import { OrgApi } from "../../org/org-api";

/**
 * The org states the crash tests move between, shared by the test and the child process it kills
 * so both build exactly the same bytes. Old state: five project specialists. The operation: an
 * import of twenty specialists (those five changed, fifteen new), or a save of one of them.
 */

export const EXISTING = 5;
export const IMPORTED = 20;

const pad = (i: number) => String(i).padStart(2, "0");
export const crashId = (i: number) => `crash-specialist-${pad(i)}`;

function specialist(i: number, version: "old" | "new"): EntityRecord {
  const id = crashId(i);
  return {
    id,
    name: id,
    role: `crash-role-${pad(i)}`,
    description: `Crash-test specialist number ${i}, ${version} version, written by the fault tests.`,
    modelTier: "standard",
    skills: ["development/testing-strategy"],
    fence: { allowedPaths: [`crash/${pad(i)}/**`] },
    team: "engineering-team",
  };
}

/** Writes the old state through the façade, as a user would have. */
export async function seedOldState(paths: StudioPaths): Promise<void> {
  const api = new OrgApi(paths);
  for (let i = 1; i <= EXISTING; i++) {
    // A refusal throws AppError, which fails the seeding.
    await api.createEntity("specialist", specialist(i, "old"), { scope: "project" });
  }
}

export function importPayload(): OrgPayload {
  const specialists: Record<string, EntityRecord> = {};
  for (let i = 1; i <= IMPORTED; i++) specialists[crashId(i)] = specialist(i, "new");
  return { ...emptyOrg(), specialists };
}

export const SAVE_PATCH = { description: "Crash-test specialist number 1, saved by the fault test after a change." };

export type CrashMode = "import" | "save";

/** The operation the child runs (and the test runs uninterrupted, for the expected new state). */
export async function runOperation(paths: StudioPaths, mode: CrashMode): Promise<void> {
  const api = new OrgApi(paths);
  // A refusal throws AppError, which fails the operation.
  if (mode === "import") await api.importOrg(importPayload(), { scope: "project" });
  else await api.updateEntity("specialist", crashId(1), SAVE_PATCH, { scope: "project" });
}
