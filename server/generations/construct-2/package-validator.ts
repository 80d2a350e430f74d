import { spawn } from "node:child_process";
import { createHash } from "node:crypto";

/**
 * Runs the installed Construct 2.x package's own validators in a child process, never inside the
 * server: a validator that hangs is killed at the timeout and one that crashes is a problem to show.
 * Call it only for a trusted package (trust.ts). Answers are cached by what was checked, so the
 * editor re-checks only what changed.
 */

export type PackageCheck =
  | { kind: "worker-profile"; record: unknown; promptFileExists?: boolean }
  | { kind: "pack-manifest"; record: unknown }
  | { kind: "embed"; record: unknown; knownWorkerProfiles: string[] };

/** Each check's refusals as Construct words them (empty: accepted), or why the package could not answer. */
export type PackageAnswer = { ok: true; messages: string[][] } | { ok: false; message: string };

const CHILD = `
import path from "node:path";
import { pathToFileURL } from "node:url";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { packageDir, root, checks } = JSON.parse(input);
const mod = (rel) => import(pathToFileURL(path.join(packageDir, rel)).href);
const out = [];
for (const check of checks) {
  try {
    if (check.kind === "worker-profile") {
      const { validateCustomWorkerProfile } = await mod("lib/registry/custom-schema.mjs");
      out.push(validateCustomWorkerProfile(check.record, { rootDir: root, checkPromptFileExists: true }));
    } else if (check.kind === "pack-manifest") {
      const { validatePackManifest } = await mod("lib/packs/validate.mjs");
      const result = validatePackManifest(check.record, {});
      out.push(result.valid ? [] : result.errors);
    } else {
      const { validateEmbedBlock } = await mod("lib/embed/capability-loader.mjs");
      const result = validateEmbedBlock(check.record, { knownWorkerProfiles: check.knownWorkerProfiles });
      out.push(result.valid ? [] : result.errors);
    }
  } catch (error) {
    out.push(["Construct's validator failed on this record: " + (error && error.message ? error.message : String(error))]);
  }
}
process.stdout.write(JSON.stringify(out));
`;

export const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_OUTPUT = 8 * 1024 * 1024;
const CACHE_LIMIT = 5_000;
const cache = new Map<string, string[]>();

const keyOf = (packageDir: string, version: string, root: string, check: PackageCheck) =>
  createHash("sha256")
    .update(JSON.stringify([packageDir, version, root, check]))
    .digest("hex");

export async function runPackageValidators(
  pkg: { dir: string; version: string },
  root: string,
  checks: readonly PackageCheck[],
  opts: { timeoutMs?: number } = {},
): Promise<PackageAnswer> {
  const keys = checks.map((check) => keyOf(pkg.dir, pkg.version, root, check));
  const missing = checks.filter((_, i) => !cache.has(keys[i]));
  if (missing.length > 0) {
    const answer = await runChild(pkg.dir, root, missing, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    if (!answer.ok) return answer;
    missing.forEach((check, i) => {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(keyOf(pkg.dir, pkg.version, root, check), answer.messages[i]);
    });
  }
  return { ok: true, messages: keys.map((key) => cache.get(key) ?? []) };
}

/** Only what a validator needs: no token or key of the server's environment reaches the package. */
function childEnv(): NodeJS.ProcessEnv {
  const env: Record<string, string> = { NO_COLOR: "1", CONSTRUCT_SKIP_POSTINSTALL: "1" };
  for (const name of ["PATH", "HOME", "TMPDIR"]) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env as NodeJS.ProcessEnv;
}

function runChild(packageDir: string, root: string, checks: readonly PackageCheck[], timeoutMs: number) {
  return new Promise<PackageAnswer>((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", CHILD], {
      cwd: root,
      env: childEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let settled = false;
    const finish = (answer: PackageAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      resolve(answer);
    };
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          message: `Construct's own validator did not answer within ${Math.round(timeoutMs / 1000)} s and was stopped`,
        }),
      timeoutMs,
    );
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      if (stdout.length > MAX_OUTPUT) finish({ ok: false, message: "Construct's own validator wrote too much output" });
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.on("error", (error) =>
      finish({ ok: false, message: `Construct's own validator could not start: ${error.message}` }),
    );
    child.on("close", (code) => {
      if (code !== 0) {
        const last = stderr.trim().split("\n").filter(Boolean).at(-1) ?? "";
        return finish({
          ok: false,
          message: `Construct's own validator exited with code ${code}${last ? `: ${last}` : ""}`,
        });
      }
      try {
        const refusals = JSON.parse(stdout) as unknown;
        if (
          Array.isArray(refusals) &&
          refusals.length === checks.length &&
          refusals.every((r) => Array.isArray(r) && r.every((s) => typeof s === "string"))
        )
          return finish({ ok: true, messages: refusals as string[][] });
      } catch {
        // answered below
      }
      finish({ ok: false, message: "Construct's own validator answered something that is not a list of refusals" });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ packageDir, root, checks }));
  });
}
