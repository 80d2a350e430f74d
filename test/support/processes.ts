import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { APP_DIR, until } from "./temp-project";

/**
 * Every process a test starts: a studio server of the current build, the `construct-studio` bin,
 * and the crash harness's children that hang at a fault point until the test kills them.
 */

const NEXT_BIN = path.join(APP_DIR, "node_modules", "next", "dist", "bin", "next");
export const BIN = path.join(APP_DIR, "bin", "construct-studio.mjs");

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** A child whose output is kept, for tests that wait on what it prints and how it ended. */
export type ChildRun = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Both streams in the order they arrived. */
  output: () => string;
  exited: Promise<Exit>;
};

function watch(child: ChildProcess, onOutput?: () => void): ChildRun {
  const kept = { stdout: "", stderr: "", both: "" };
  for (const stream of ["stdout", "stderr"] as const)
    child[stream]?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      kept[stream] += text;
      kept.both += text;
      onOutput?.();
    });
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, stdout: () => kept.stdout, stderr: () => kept.stderr, output: () => kept.both, exited };
}

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

/**
 * Starts one more studio server of the current build (`next start` directly, so a test can
 * `kill -9` the very process that writes) on its own port and project, for the fault, concurrency
 * and benchmark runs that need a server of their own.
 */
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
  const waiters = new Set<() => void>();
  const run = watch(child, () => {
    for (const w of waiters) w();
  });
  const output = run.output;
  const origin = `http://127.0.0.1:${opts.port}`;
  const waitFor = (text: string, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output().includes(text)) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `server on ${opts.port} did not print ${JSON.stringify(text)} within ${timeoutMs} ms; it printed:\n${output().slice(-2000)}`,
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
    output,
    waitFor,
    kill: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await run.exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server on ${opts.port} exited with ${child.exitCode}:\n${output().slice(-2000)}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return studio;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await studio.kill("SIGKILL");
      throw new Error(`server on ${opts.port} did not become healthy:\n${output().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type CliRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs the real `construct-studio` bin as a user would. Settings the test runner's own environment
 * may carry (a project root, a core version, a model, armed fault points) are dropped unless the
 * test passes them, so each run sees only the environment its test chose.
 */
export function runCli(
  args: string[],
  opts: { cwd: string; env?: Record<string, string>; nodeArgs?: string[]; modesBindRoot?: boolean },
): Promise<CliRun> {
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
    const node = [process.execPath, ...(opts.nodeArgs ?? []), BIN, ...args];
    // Root writes through any file mode by CAP_DAC_OVERRIDE; without it, modes hold for root too,
    // while root still reads the checkout it owns wherever that lies.
    const [command, ...rest] =
      opts.modesBindRoot && process.getuid?.() === 0
        ? ["setpriv", "--inh-caps=-dac_override", "--bounding-set=-dac_override", ...node]
        : node;
    const child = spawn(command, rest, { cwd: opts.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const run = watch(child);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: run.stdout(), stderr: run.stderr() }));
  });
}

/**
 * The crash harness: a TypeScript child (run through tsx) that does one write, with the fault
 * point armed when given (server/faults.ts hangs there after announcing it on stderr). Fault
 * settings the runner carries, and any `dropEnv`, are left out of its environment.
 */
export function startFaultChild(
  script: string,
  args: string[],
  opts: { faultPoint?: string; dropEnv?: readonly string[] } = {},
): ChildRun {
  const env: NodeJS.ProcessEnv = { ...process.env, TSX_TSCONFIG_PATH: path.join(APP_DIR, "tsconfig.json") };
  for (const key of [...(opts.dropEnv ?? []), "CONSTRUCT_TEST_FAULTS", "CONSTRUCT_FAULT_POINT"]) delete env[key];
  if (opts.faultPoint) Object.assign(env, { CONSTRUCT_TEST_FAULTS: "1", CONSTRUCT_FAULT_POINT: opts.faultPoint });
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: APP_DIR,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return watch(child);
}

/** Resolves once the child announces `point`, where it is left hanging, alive; fails if it ends first. */
export async function reachFaultPoint(run: ChildRun, point: string): Promise<void> {
  let exit: Exit | undefined;
  void run.exited.then((e) => (exit = e));
  await until(() => {
    if (run.stderr().includes(`FAULT_POINT_REACHED ${point}\n`)) return true;
    if (exit)
      throw new Error(
        `the child exited (${JSON.stringify(exit)}) before reaching ${point}:\n${run.stderr()}${run.stdout()}`,
      );
    return undefined;
  }, `the child to reach ${point}`);
}

/** Runs the child to `point` and kills it there with SIGKILL (killed even when it never got there). */
export async function killAtFaultPoint(run: ChildRun, point: string): Promise<Exit> {
  try {
    await reachFaultPoint(run, point);
  } finally {
    run.child.kill("SIGKILL");
  }
  return run.exited;
}

/**
 * The child's side: runs the operation and says `OPERATION_DONE` with what it returned. A fault
 * point parks on a promise that never settles; with nothing else pending, Node would end the
 * process there (exit 13, unsettled top-level await) instead of waiting for the kill.
 */
export async function runFaultOperation(operation: () => Promise<unknown>): Promise<void> {
  const keepAlive = setInterval(() => {}, 60_000);
  const result = await operation();
  clearInterval(keepAlive);
  process.stdout.write(result === undefined ? "OPERATION_DONE\n" : `OPERATION_DONE ${JSON.stringify(result)}\n`);
}
