import { ACCESS_USAGE, accessCommand } from "./cli/access";
import { embedCommand } from "./cli/embed";
import { FIX_IGNORE_USAGE, fixIgnoreCommand } from "./cli/fix-ignore";
import { announceGeneration, takeConstructVersion } from "./cli/generation";
import { MIGRATE_USAGE, migrateCommand } from "./cli/migrate";
import { OPEN_USAGE, openCommand } from "./cli/open";
import { exportCommand, importCommand, validateCommand } from "./cli/org";
import { UsageError } from "./cli/output";
import { ownInstallRefusal } from "./cli/own-install";
import { PACKS_CHANGE_USAGE, packsCommand } from "./cli/packs";
import { PLAN_USAGE, planCommand } from "./cli/plan";
import { TEST_USAGE, testCommand } from "./cli/test";
import { TRUST_USAGE, trustCommand } from "./cli/trust";
import { findAppDir } from "./config";

/**
 * `construct-studio`: the command-line twin of the HTTP API, for CI and scripts.
 * Exit codes: 0 clean (warnings allowed), 1 errors found or the operation failed, 2 usage.
 * Every command takes `--construct-version V` and first prints, to stderr, the generation it works on.
 * No command, or `open`, serves the editor.
 */

const USAGE = `usage:
${OPEN_USAGE}
  construct-studio validate [--root DIR | --tree DIR [--schemas-root DIR]] [--format text|json|github]
  construct-studio export [--root DIR] [--scope project|user|builtin] [--out FILE]
  construct-studio import FILE [--root DIR] [--scope project|user] [--dry-run] [--mode merge|replace] [--replace|--merge SECTION/ID]
  construct-studio packs list [--root DIR] [--format text|json]
  construct-studio packs disable ID [--root DIR]
${PACKS_CHANGE_USAGE}
  construct-studio embed list [--root DIR] [--format text|json]
  construct-studio embed enable|disable|status|dry-run|tick ID [--root DIR] [--format text|json]
  construct-studio mcp [--root DIR]
  construct-studio schemas [--out DIR]
${FIX_IGNORE_USAGE}
${PLAN_USAGE}
${TEST_USAGE}
${MIGRATE_USAGE}
${TRUST_USAGE}
${ACCESS_USAGE}
  every command: [--construct-version VERSION|adr] edits as that generation of Construct`;

const HELP = new Set(["help", "--help", "-h"]);

const COMMANDS = new Set([
  "validate",
  "export",
  "import",
  "packs",
  "embed",
  "plan",
  "test",
  "mcp",
  "schemas",
  "migrate",
  "fix-ignore",
  "trust",
  "access",
]);

export async function main(argv: string[]): Promise<number> {
  try {
    const args = takeConstructVersion(argv);
    const [command, ...rest] = args;
    const refusal = command && HELP.has(command) ? null : ownInstallRefusal(args, findAppDir());
    if (refusal) {
      process.stderr.write(`${refusal}\n`);
      return 1;
    }
    if (command && COMMANDS.has(command)) announceGeneration(rest);
    if (command === undefined || (command.startsWith("-") && !HELP.has(command))) return await openCommand(args);
    switch (command) {
      case "validate":
        return await validateCommand(rest);
      case "export":
        return await exportCommand(rest);
      case "import":
        return await importCommand(rest);
      case "packs":
        return await packsCommand(rest);
      case "embed":
        return await embedCommand(rest);
      case "fix-ignore":
        return await fixIgnoreCommand(rest);
      case "plan":
        return await planCommand(rest);
      case "test":
        return await testCommand(rest);
      case "migrate":
        return await migrateCommand(rest);
      case "trust":
        return await trustCommand(rest);
      case "access":
        return await accessCommand(rest);
      case "mcp":
        return await (await import("./mcp/mcp-command")).mcpCommand(rest);
      case "schemas":
        return await (await import("./mcp/schemas-command")).schemasCommand(rest);
      case "open":
        return await openCommand(rest);
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(`${USAGE}\n`);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
