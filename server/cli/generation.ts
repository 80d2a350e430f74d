import { existsSync } from "node:fs";
import { composeServices } from "../compose";
import { UsageError } from "./output";

/**
 * `--construct-version V` is accepted by every command: it is taken out of the arguments and set as
 * `CONSTRUCT_VERSION` before any service resolves its paths, so detection sees it.
 */
export function takeConstructVersion(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    let value: string | undefined;
    if (arg === "--construct-version") {
      value = argv[++i];
      if (value === undefined || value.startsWith("--"))
        throw new UsageError("--construct-version takes a version (e.g. 2.1.1) or adr");
    } else if (arg.startsWith("--construct-version=")) value = arg.slice("--construct-version=".length);
    else {
      rest.push(arg);
      continue;
    }
    if (!value.trim()) throw new UsageError("--construct-version takes a version (e.g. 2.1.1) or adr");
    env.CONSTRUCT_VERSION = value.trim();
  }
  return rest;
}

/** The `--root` a command was given (else the project the studio would open), as detection resolves it. */
function rootOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--root") return args[i + 1];
    if (args[i].startsWith("--root=")) return args[i].slice("--root=".length);
  }
  return undefined;
}

/** Printed to stderr, so a command's JSON on stdout stays parseable. Nothing for a root that does not exist: the command says so. */
export function announceGeneration(args: readonly string[]): void {
  const root = rootOf(args);
  if (root !== undefined && !existsSync(root)) return;
  const { paths } = composeServices({ root });
  process.stderr.write(`${paths.adapter.describe(paths.construct, paths.root)}\n`);
}
