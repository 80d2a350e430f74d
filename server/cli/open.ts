import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { findAppDir } from "../config";
import { UsageError } from "./output";

const LOOPBACK = ["127.0.0.1", "localhost", "::1"];

/** The prebuilt editor an installed package carries; a clone has its sources and builds instead. */
export function installedEditor(appDir: string): string | null {
  const server = path.join(appDir, "dist", "editor", "server.mjs");
  return existsSync(server) && !existsSync(path.join(appDir, "server", "cli.ts")) ? server : null;
}

function projectProblem(root: string): string | null {
  let isDir: boolean;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    return `project directory ${root} does not exist; create it or pass --root with an existing directory`;
  }
  if (!isDir) return `${root} is not a directory; pass --root with the project's directory`;
  try {
    accessSync(root, constants.W_OK);
  } catch {
    return `project directory ${root} is not writable; fix its permissions or pass --root with a directory you can write`;
  }
  return null;
}

function portProblem(port: number, host: string): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === "EADDRINUSE"
          ? `port ${port} on ${host} is in use; pass --port with a free port (or set PORT)`
          : `cannot listen on ${host}:${port} (${error.code ?? error.message}); pass --port or --host`,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

/**
 * `construct-studio` alone or `open`: serves the editor for a project on loopback and prints its URL.
 * Everything is checked before anything starts, so a refusal writes nothing. Exit 1 refused.
 */
export async function openCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { root: { type: "string" }, port: { type: "string" }, host: { type: "string" } },
  });
  const root = path.resolve(values.root ?? process.env.CONSTRUCT_ROOT ?? process.cwd());
  const portText = values.port ?? process.env.PORT ?? "3000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) throw new UsageError(`--port ${portText} is not a port`);
  const host = values.host ?? process.env.HOST ?? "127.0.0.1";
  const problem = projectProblem(root) ?? (await portProblem(port, host));
  if (problem) {
    process.stderr.write(`construct-studio: ${problem}\n`);
    return 1;
  }
  const appDir = findAppDir();
  const editor = installedEditor(appDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: host,
    CONSTRUCT_ROOT: root,
    CONSTRUCT_APP_DIR: appDir,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  if (editor) {
    // Beyond loopback anyone on the network could reach the org files: the launch needs a token.
    const token = LOOPBACK.includes(host)
      ? undefined
      : (process.env.CONSTRUCT_TOKEN ?? randomBytes(24).toString("base64url"));
    const shownHost = host.includes(":") ? `[${host}]` : host;
    if (token) {
      env.CONSTRUCT_TOKEN = token;
      env.CONSTRUCT_ALLOWED_HOSTS = [process.env.CONSTRUCT_ALLOWED_HOSTS, `${shownHost}:${port}`]
        .filter(Boolean)
        .join(",");
    }
    env.HOSTNAME = host;
    process.stdout.write(`[construct-studio] editing ${root}\n`);
    process.stdout.write(`[construct-studio] open http://${shownHost}:${port}/${token ? `?token=${token}` : ""}\n`);
  }
  const script = editor ?? path.join(appDir, "scripts", "start.mjs");
  const server = spawn(process.execPath, [script], { cwd: path.dirname(script), stdio: "inherit", env });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  return new Promise((resolve) => server.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}
