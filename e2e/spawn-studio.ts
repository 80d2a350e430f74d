import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Starts one more studio server of the current build (`next start` directly, so a test can
 * `kill -9` the very process that writes) on its own port and project, for the fault, concurrency
 * and benchmark runs that need a server of their own.
 */
export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NEXT_BIN = path.join(APP_DIR, "node_modules", "next", "dist", "bin", "next");

export type Studio = {
  port: number;
  origin: string;
  process: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves when the output contains `text` (e.g. `FAULT_POINT_REACHED after-temp-write`). */
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * Refuses a port another process already listens on: the health check below would otherwise be
 * answered by that process, and a bench or test would measure an org it did not write.
 */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `port ${port} on 127.0.0.1 is already taken by another process; stop it or choose another port (E2E_PORT, BENCH_PORT)`
            : `port ${port} on 127.0.0.1 cannot be used: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

export async function startStudio(opts: {
  port: number;
  root: string;
  home: string;
  xdg: string;
  env?: Record<string, string>;
}): Promise<Studio> {
  await assertPortFree(opts.port);
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(opts.port), "-H", "127.0.0.1"], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      CONSTRUCT_ROOT: opts.root,
      CONSTRUCT_APP_DIR: APP_DIR,
      CONSTRUCT_HOME: opts.home,
      XDG_CONFIG_HOME: opts.xdg,
      NEXT_TELEMETRY_DISABLED: "1",
      CONSTRUCT_EMBED_SCHEDULER: "off",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const w of waiters) w();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${opts.port}`;
  const waitFor = (text: string, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(text)) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `server on ${opts.port} did not print ${JSON.stringify(text)} within ${timeoutMs} ms; it printed:\n${output.slice(-2000)}`,
          ),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const studio: Studio = {
    port: opts.port,
    origin,
    process: child,
    output: () => output,
    waitFor,
    kill: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server on ${opts.port} exited with ${child.exitCode}:\n${output.slice(-2000)}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return studio;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await studio.kill("SIGKILL");
      throw new Error(`server on ${opts.port} did not become healthy:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
