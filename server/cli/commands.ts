import { accessCommand } from "./access";
import { activityCommand } from "./activity";
import { embedCommand } from "./embed";
import { fixIgnoreCommand } from "./fix-ignore";
import { migrateCommand } from "./migrate";
import { openCommand } from "./open";
import { exportCommand, importCommand, validateCommand } from "./org";
import { packsCommand } from "./packs";
import { planCommand } from "./plan";
import { testCommand } from "./test";
import { trustCommand } from "./trust";

/**
 * Every command of `construct-studio`, once: what it does, how it is called, what its exit codes
 * mean and what runs it. `main` dispatches from here, `--help` prints from here, and the suite that
 * holds every command to both generations of Construct reads its rows from here.
 */
export type Command = {
  name: string;
  summary: string;
  /** Each way of calling it, after `construct-studio`. */
  usage: string[];
  /** The codes it exits with besides the ones every command shares (0, 2, 3). */
  exits: [number, string][];
  run: (args: string[]) => Promise<number>;
};

const ROOT = "[--root DIR]";

export const COMMANDS: readonly Command[] = [
  {
    name: "open",
    summary: "serves the editor for a project on loopback and prints its URL (also: no command at all)",
    usage: [`open ${ROOT} [--port N] [--host HOST]`],
    exits: [[1, "refused before anything started: the project, the port or Node is not usable"]],
    run: openCommand,
  },
  {
    name: "validate",
    summary: "checks the merged org (or one folder with --tree) and says which validators answered",
    usage: [`validate ${ROOT} [--format text|json|github]`, "validate --tree DIR [--schemas-root DIR] [--format …]"],
    exits: [[1, "errors found (warnings alone exit 0)"]],
    run: validateCommand,
  },
  {
    name: "export",
    summary: "writes one tier's records as one JSON payload",
    usage: [`export ${ROOT} [--scope project|user|builtin] [--out FILE]`],
    exits: [[1, "the tier could not be read"]],
    run: exportCommand,
  },
  {
    name: "import",
    summary: "writes a payload into one tier as one transaction, after showing what it changes",
    usage: [
      `import FILE ${ROOT} [--scope project|user] [--dry-run] [--mode merge|replace] [--replace|--merge SECTION/ID]`,
    ],
    exits: [[1, "refused: the payload or the org after it has errors, or a file changed; nothing was written"]],
    run: importCommand,
  },
  {
    name: "packs",
    summary: "lists, previews, installs, enables and disables packs",
    usage: [
      `packs list ${ROOT} [--format text|json]`,
      `packs enable ID [--dry-run] [--force] ${ROOT} [--format text|json]`,
      `packs install FOLDER|FILE.zip [--dry-run] [--force] [--tier project|user] ${ROOT} [--format text|json]`,
      `packs disable ID ${ROOT}`,
    ],
    exits: [[1, "an enabled pack has errors, or the change was refused; nothing was written"]],
    run: packsCommand,
  },
  {
    name: "embed",
    summary: "lists embed capabilities; enables, disables, dry-runs or ticks one",
    usage: [
      `embed list ${ROOT} [--format text|json]`,
      `embed enable|disable|status|dry-run|tick ID ${ROOT} [--format …]`,
    ],
    exits: [[1, "refused, an enabled capability has errors, or a tick or dry run failed"]],
    run: embedCommand,
  },
  {
    name: "mcp",
    summary: "serves the studio's tools to a coding agent over MCP on stdio",
    usage: [`mcp ${ROOT}`],
    exits: [],
    run: async (args) => (await import("../mcp/mcp-command")).mcpCommand(args),
  },
  {
    name: "schemas",
    summary: "prints the JSON Schema of every file kind, for editors",
    usage: ["schemas [--out DIR]"],
    exits: [],
    run: async (args) => (await import("../mcp/schemas-command")).schemasCommand(args),
  },
  {
    name: "fix-ignore",
    summary: "rewrites the ignore rule that hides the files the studio writes from git, showing the diff first",
    usage: [`fix-ignore ${ROOT} [--dry-run]`],
    exits: [[1, "the rule cannot be rewritten safely (the message says what to change by hand)"]],
    run: fixIgnoreCommand,
  },
  {
    name: "plan",
    summary: "what changes against a revision or an export: records, access, reach, routing, problems",
    usage: [
      `plan ${ROOT} [--against REF|EXPORT.json] [--format text|json|github|markdown] [--fail-on change|widen|reach|errors]`,
    ],
    exits: [[1, "a --fail-on gate tripped, or the plan could not be made"]],
    run: planCommand,
  },
  {
    name: "test",
    summary: "runs the org's tests, with fence coverage on request",
    usage: [`test ${ROOT} [--format text|json|github] [--coverage] [--min-coverage PERCENT]`],
    exits: [[1, "a case failed or is malformed, or coverage is below --min-coverage"]],
    run: testCommand,
  },
  {
    name: "migrate",
    summary: "moves an earlier org's specialists into Construct 2.x custom worker profiles",
    usage: [`migrate --to 2 ${ROOT} [--scope project|user] [--dry-run]`],
    exits: [[1, "refused: a file cannot be read or would be overwritten; nothing was written"]],
    run: migrateCommand,
  },
  {
    name: "trust",
    summary: "lets the project's own Construct install run its validators (--revoke forgets it)",
    usage: [`trust ${ROOT} [--revoke | --status] [--format text|json]`],
    exits: [[1, "refused: there is no package to trust"]],
    run: trustCommand,
  },
  {
    name: "access",
    summary: "what a task that starts with one specialist or worker profile can end up doing",
    usage: [
      `access ID ${ROOT} [--format text|json] [--history [--limit N]]`,
      `access ID --unused [--since 90d] ${ROOT} [--format text|json]`,
    ],
    exits: [[1, "no such specialist or worker profile"]],
    run: accessCommand,
  },
  {
    name: "activity",
    summary:
      "what Construct's agents did, from its audit trail and agent log, against the org: timeline, dispatches, fence use, breaches, the hash chain",
    usage: [
      `activity ${ROOT} [--since 90d] [--profile ID] [--tool TOOL] [--path GLOB] [--trail FILE…] [--limit N] [--format text|json]`,
      `activity --verify ${ROOT} [--trail FILE…] [--format text|json]`,
    ],
    exits: [[1, "with --verify: a trail's hash chain is broken"]],
    run: activityCommand,
  },
];

/** What every command exits with besides its own codes. */
export const SHARED_EXITS: [number, string][] = [
  [0, "done"],
  [2, "a usage mistake: an unknown option, a bad value, a missing argument"],
  [3, "the concept does not exist in the project's generation of Construct (the message says why)"],
];

const line = (usage: string) => `  construct-studio ${usage}`;

/** `construct-studio CMD --help`: usage, exit codes, and the flags every command takes. */
export function commandHelp(command: Command): string {
  const exits = [...SHARED_EXITS, ...command.exits].sort((a, b) => a[0] - b[0]);
  return [
    `construct-studio ${command.name}: ${command.summary}`,
    "",
    "usage:",
    ...command.usage.map(line),
    "",
    "exit codes:",
    ...exits.map(([code, meaning]) => `  ${code}  ${meaning}`),
    "",
    "every command also takes --construct-version VERSION|adr (edit as that generation of Construct) and --help",
    "",
  ].join("\n");
}

/** `construct-studio --help`: every command's usage. */
export function usageText(): string {
  return [
    "usage:",
    line("[open] [--root DIR] [--port N] [--host HOST]   serves the editor"),
    ...COMMANDS.filter((c) => c.name !== "open").flatMap((c) => c.usage.map(line)),
    line("--version"),
    "  every command: [--construct-version VERSION|adr] edits as that generation of Construct; --help prints its help",
    "",
  ].join("\n");
}
