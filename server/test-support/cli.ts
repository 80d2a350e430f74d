import { spawn } from "node:child_process";
import path from "node:path";
import { APP_DIR } from "./tmp-dirs";

export const BIN = path.join(APP_DIR, "bin", "construct-studio.mjs");

export type CliRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs the real `construct-studio` bin as a user would. Settings the test runner's own environment
 * may carry (a project root, a core version, a model, armed fault points) are dropped unless the
 * test passes them, so each run sees only the environment its test chose.
 */
export function runCli(args: string[], opts: { cwd: string; env?: Record<string, string> }): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      (key.startsWith("CONSTRUCT_") || key === "XDG_CONFIG_HOME" || key === "NODE_OPTIONS") &&
      !(key in (opts.env ?? {}))
    )
      delete env[key];
  }
  Object.assign(env, opts.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
