import { readFileSync } from "node:fs";
import path from "node:path";
import { COMMANDS, commandHelp, usageText } from "./cli/commands";
import { announceGeneration, takeConstructVersion } from "./cli/generation";
import { EXIT, exitOf, UsageError } from "./cli/output";
import { ownInstallRefusal } from "./cli/own-install";
import { findAppDir } from "./config";
import { isAppError } from "./errors";

/**
 * `construct-studio`: the command-line twin of the HTTP API, for CI and scripts. Every command is one
 * entry of `COMMANDS`; each exits 0 when done, 1 on findings or a refusal, 2 on a usage mistake and 3
 * when what it was asked about does not exist in the project's generation of Construct. Every command
 * takes `--construct-version V` and `--help`, and first prints, to stderr, the generation it works on.
 * No command, or `open`, serves the editor.
 */

const HELP = new Set(["help", "--help", "-h"]);
const VERSION = new Set(["--version", "-V", "version"]);

/** The installed studio's version, from its own package.json. */
function studioVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(findAppDir(), "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** `--help` or `-h` among a command's own arguments (not after `--`). */
const asksHelp = (args: readonly string[]) => {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === "--help" || a === "-h");
};

export async function main(argv: string[]): Promise<number> {
  let usageOf = usageText;
  try {
    const args = takeConstructVersion(argv);
    const [first, ...rest] = args;
    if (first !== undefined && VERSION.has(first)) {
      process.stdout.write(`construct-studio ${studioVersion()}\n`);
      return EXIT.ok;
    }
    if (first !== undefined && HELP.has(first)) {
      const asked = COMMANDS.find((c) => c.name === rest[0]);
      process.stdout.write(asked ? commandHelp(asked) : usageText());
      return EXIT.ok;
    }
    // No command, or options alone, serves the editor.
    const serves = first === undefined || first.startsWith("-");
    const command = serves ? COMMANDS.find((c) => c.name === "open") : COMMANDS.find((c) => c.name === first);
    if (!command) throw new UsageError(`unknown command "${first}"`);
    const own = serves ? args : rest;
    usageOf = () => `usage:\n${command.usage.map((u) => `  construct-studio ${u}`).join("\n")}\n`;
    if (asksHelp(own)) {
      process.stdout.write(commandHelp(command));
      return EXIT.ok;
    }
    const refusal = ownInstallRefusal(args, findAppDir());
    if (refusal) {
      process.stderr.write(`${refusal}\n`);
      return EXIT.findings;
    }
    if (command.name !== "open") announceGeneration(own);
    return await command.run(own);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`${(error as Error).message}\n${usageOf()}`);
      return EXIT.usage;
    }
    if (isAppError(error)) {
      process.stderr.write(`${error.message}\n`);
      for (const e of error.errors ?? []) process.stderr.write(`  ${e.id}: ${e.message}\n`);
      return exitOf(error);
    }
    throw error;
  }
}
