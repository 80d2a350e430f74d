import { isObject } from "@/schemas/views";
import { bashAction, splitEntry } from "./fence";
import { commandCovers, globCovers } from "./fence-cover";
import { approvalProblem, globProblem } from "./fence-problems";

/**
 * Fence entries that do nothing (IAM Access Analyzer's "not functional" class): each is a warning
 * at its item, with why it never takes effect under `checkAction` (denied entries first, then the
 * allowed lists, then approvals) and what would make it work. The studio's own checks, never errors.
 */

export const FENCE_RULE_SHADOWED = "fence-rule-shadowed";
export const FENCE_RULE_INEFFECTIVE = "fence-rule-ineffective";
export const FENCE_GLOB_MATCHES_NOTHING = "fence-glob-matches-nothing";

/** The rules whose one-click fix is removing the entry. */
export const REMOVABLE_RULES: readonly string[] = [FENCE_RULE_SHADOWED, FENCE_RULE_INEFFECTIVE];

type ListKey = "allowedPaths" | "allowedCommands" | "approvalRequired";
export type FenceLint = {
  id: typeof FENCE_RULE_SHADOWED | typeof FENCE_RULE_INEFFECTIVE | typeof FENCE_GLOB_MATCHES_NOTHING;
  message: string;
  path: [ListKey, number];
};

/** The team a specialist works in, as far as its fence goes. */
export type FenceTeam = { id: string; forbiddenDecisions: readonly string[] };

type Item = { value: string; index: number };
type Denial = { token: string; glob: string; shown: string };

/** A list's non-empty strings with their indices in the file, so a pointer names the item as written. */
function items(fence: Record<string, unknown>, key: string): Item[] {
  const list = fence[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((value, index) => (typeof value === "string" && value ? [{ value, index }] : []));
}

const q = JSON.stringify;

function shadowed(
  list: Item[],
  key: ListKey,
  covers: (broad: string, narrow: string) => boolean,
  skip: (value: string) => boolean,
): FenceLint[] {
  const out: FenceLint[] = [];
  const usable = list.filter((item) => !skip(item.value));
  for (const item of usable) {
    const by = usable.find(
      (other) =>
        other.index !== item.index &&
        covers(other.value, item.value) &&
        (other.index < item.index || !covers(item.value, other.value)),
    );
    if (!by) continue;
    const where = `${key}[${by.index}]`;
    const message =
      by.value === item.value
        ? `${q(item.value)} is listed twice (${where}); remove this one`
        : `${q(item.value)} is already allowed by ${q(by.value)} (${where}), so this entry changes nothing; remove it`;
    out.push({ id: FENCE_RULE_SHADOWED, message, path: [key, item.index] });
  }
  return out;
}

/** The denied entry that denies `action` on every path `glob` matches (every target when glob is null). */
function denying(denials: Denial[], tokens: readonly string[], glob: string | null): Denial | undefined {
  return denials.find(
    (d) => tokens.includes(d.token) && (d.glob === "**" || (glob !== null && globCovers(d.glob, glob))),
  );
}

function approvalLint(entry: string, denials: Denial[], allowed: Item[], team?: FenceTeam): string | null {
  const [token, rawGlob] = splitEntry(entry);
  const forbidden = team?.forbiddenDecisions.find((d) => d === entry || d === token);
  if (forbidden)
    return `team ${q(team?.id)} forbids ${q(forbidden)}, so this approval is dropped (no one can approve a forbidden decision); remove it, or take ${q(forbidden)} out of the team's forbiddenDecisions`;
  if (approvalProblem(entry)) return null;
  const scoped = entry.includes(":");
  const glob = scoped ? rawGlob : null;
  if (glob !== null && globProblem(glob)) return null;
  // An edit approval also gates writes, which the edit family's denials cover; a write approval only writes.
  const tokens =
    token === "edit"
      ? ["edit"]
      : token === "write"
        ? ["write", "edit"]
        : ["commit", "push", "bash"].includes(token) && !scoped
          ? [token]
          : null;
  if (!tokens) return null;
  const denied = denying(denials, tokens, glob);
  if (denied)
    return `${denied.shown} denies ${scoped ? `every ${token} of ${q(glob)}` : `every ${token}`} before approval is consulted, so this approval never applies; remove it, or remove the denial`;
  if (glob === null || (token !== "edit" && token !== "write")) return null;
  const allowedBy = allowed.find((p) => globCovers(p.value, glob));
  if (allowedBy)
    return `every path ${q(glob)} matches is already allowed by ${q(allowedBy.value)} (allowedPaths[${allowedBy.index}]), which is checked before approvals, so this approval is never asked; remove it, or narrow allowedPaths so these edits need approval`;
  return null;
}

/** Entries of one fence that do nothing; `team` is the specialist's, whose forbidden decisions narrow it. */
export function fenceLint(fence: unknown, team?: FenceTeam): FenceLint[] {
  if (!isObject(fence)) return [];
  const paths = items(fence, "allowedPaths");
  const commands = items(fence, "allowedCommands");
  const validPaths = paths.filter((p) => !globProblem(p.value));
  const denials: Denial[] = [
    ...items(fence, "deniedActions").map(({ value }) => {
      const [token, glob] = splitEntry(value);
      return { token, glob, shown: `deniedActions ${q(value)}` };
    }),
    ...(team?.forbiddenDecisions ?? []).map((decision) => ({
      token: decision,
      glob: "**",
      shown: `team ${q(team?.id)}'s forbiddenDecisions ${q(decision)}`,
    })),
  ];
  const out: FenceLint[] = [];
  const ineffective = (key: ListKey, index: number, message: string) =>
    out.push({ id: FENCE_RULE_INEFFECTIVE, message, path: [key, index] });

  for (const p of validPaths) {
    const denied = denying(denials, ["edit"], p.value);
    if (denied)
      ineffective(
        "allowedPaths",
        p.index,
        `${denied.shown} denies every edit of ${q(p.value)} (denials are checked first), so this entry allows nothing; remove it, or narrow the denial`,
      );
  }
  const flagged = new Set(out.map((l) => l.path[1]));
  out.push(...shadowed(validPaths, "allowedPaths", globCovers, () => false).filter((l) => !flagged.has(l.path[1])));

  for (const c of commands) {
    const verb = bashAction(c.value);
    if (verb)
      ineffective(
        "allowedCommands",
        c.index,
        `${q(c.value)} is a ${verb}: a fence decides every ${verb} by approvalRequired ${q(verb)}, never by allowedCommands; remove it, and add ${q(verb)} to approvalRequired to let it run with approval`,
      );
  }
  out.push(...shadowed(commands, "allowedCommands", commandCovers, (value) => bashAction(value) !== undefined));

  for (const a of items(fence, "approvalRequired")) {
    const why = approvalLint(a.value, denials, validPaths, team);
    if (why) ineffective("approvalRequired", a.index, why);
  }
  return out;
}

/**
 * `allowedPaths` globs that match no file of the project's working tree; `matchesSome` answers for
 * one glob. A folder the project creates later is legitimate, so this is a warning.
 */
export function globsMatchingNothing(fence: unknown, matchesSome: (glob: string) => boolean): FenceLint[] {
  if (!isObject(fence)) return [];
  return (
    items(fence, "allowedPaths")
      // "." names the project's root, which is always there (`construct worker-profile create` writes it).
      .filter((p) => !globProblem(p.value) && p.value !== "." && p.value !== "./" && !matchesSome(p.value))
      .map((p) => ({
        id: FENCE_GLOB_MATCHES_NOTHING,
        message: `${q(p.value)} matches no file in the project's working tree today; check the spelling, or keep it for a folder the project will create`,
        path: ["allowedPaths", p.index],
      }))
  );
}
