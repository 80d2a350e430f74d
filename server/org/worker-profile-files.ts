import path from "node:path";
import { profileScaffold } from "@/lib/org/profile-scaffold";
import type { EntityRecord, WritableScope } from "@/schemas/kinds";
import { NoFollowReadError, readTextNoFollow } from "../store/read";
import { atomicWrite, confinedPath, removeFile } from "../store/write";
import type { OrgState } from "./org-state";
import { displayPath } from "./tiers";

// A custom worker profile as Construct 2.x's `worker-profile create` scaffolds it, and the prompt beside it.

/** `promptFile` as the scaffold writes it: the tier's `prompts/<id>.md`, relative to the project root. */
export function defaultPromptFile(state: OrgState, scope: WritableScope, id: string): string {
  const rel = path.relative(state.paths.root, state.tierDir(scope)).split(path.sep).join("/");
  return path.posix.join(rel, "prompts", `${id}.md`);
}

/**
 * The file a create writes: the scaffold's defaults for the fields the request leaves out, and no
 * `id` when `name` already says it, as Construct writes it (it keys a profile by id, else by name).
 */
export function newProfileFile(state: OrgState, scope: WritableScope, id: string, record: EntityRecord): EntityRecord {
  const file: EntityRecord = {
    ...profileScaffold(id, defaultPromptFile(state, scope, id), record.description),
    ...structuredClone(record),
  };
  if (file.name === id) delete file.id;
  return file;
}

function promptStub(id: string, role: unknown, description: unknown): string {
  return [
    `# ${id}`,
    "",
    `Role: ${String(role)}`,
    "",
    typeof description === "string" && description
      ? description
      : "TODO: describe this Worker Profile's perspective and output format.",
    "",
    "## Anti-fabrication contract",
    "",
    "Every load-bearing claim cites a source the reader can re-verify. When a fact is not in the source, write `unknown` or `[unverified]`. See `rules/common/no-fabrication.md`.",
    "",
  ].join("\n");
}

const exists = async (file: string) => {
  try {
    await readTextNoFollow(file);
    return true;
  } catch (error) {
    if (error instanceof NoFollowReadError && error.code === "missing") return false;
    return true;
  }
};

/** The tier's own prompt of `id`, `<tier>/prompts/<id>.md`: the one file the studio creates and removes. */
const tierPrompt = (state: OrgState, scope: WritableScope, id: string) =>
  confinedPath(state.tierDir(scope), "prompts", `${id}.md`);

/** A new profile gets the scaffold's prompt stub when its `promptFile` is the tier's and nothing is there yet. */
export async function writePromptStub(
  state: OrgState,
  scope: WritableScope,
  id: string,
  file: EntityRecord,
): Promise<void> {
  if (file.promptFile !== defaultPromptFile(state, scope, id)) return;
  const prompt = tierPrompt(state, scope, id);
  if (await exists(prompt)) return;
  await atomicWrite(state.tierDir(scope), prompt, promptStub(id, file.role, file.description));
}

/** What a removal does to the profile's prompt in its tier: kept unless `deletePrompt`. */
export async function promptAfterRemove(
  state: OrgState,
  scope: WritableScope,
  id: string,
  opts: { deletePrompt?: boolean; dryRun?: boolean },
): Promise<{ path: string; action: "kept" | "removed" } | undefined> {
  const prompt = tierPrompt(state, scope, id);
  if (!(await exists(prompt))) return undefined;
  const shown = displayPath(prompt, state.displayBase(scope));
  if (!opts.deletePrompt) return { path: shown, action: "kept" };
  if (!opts.dryRun) await removeFile(state.tierDir(scope), prompt);
  return { path: shown, action: "removed" };
}
