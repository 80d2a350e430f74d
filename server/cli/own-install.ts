import { existsSync, realpathSync } from "node:fs";
import path from "node:path";

/** The project a command works on, read the way every command reads it: `--root`, `CONSTRUCT_ROOT`, the directory. */
function projectRoot(args: string[]): string {
  let root: string | undefined;
  args.forEach((arg, i) => {
    if (arg === "--root") root = args[i + 1];
    else if (arg.startsWith("--root=")) root = arg.slice("--root=".length);
  });
  return path.resolve(root ?? process.env.CONSTRUCT_ROOT ?? process.cwd());
}

/**
 * A project that installed its own construct-studio is edited by that copy, whose version its org and
 * CI agree with; another copy (a global install) refuses rather than edit it with different rules.
 */
export function ownInstallRefusal(args: string[], appDir: string): string | null {
  const root = projectRoot(args);
  const own = path.join(root, "node_modules", "construct-studio");
  if (!existsSync(path.join(own, "package.json"))) return null;
  if (realpathSync(own) === realpathSync(appDir)) return null;
  return `construct-studio: ${root} has its own construct-studio in node_modules; run that one there (npx construct-studio), not this copy from ${appDir}`;
}
