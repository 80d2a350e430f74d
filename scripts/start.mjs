#!/usr/bin/env node
// `npm start`: builds if needed, then serves the studio for the current directory (or CONSTRUCT_ROOT).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsStale } from "./build-state.mjs";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(appDir, "node_modules", "next", "dist", "bin", "next");
const root = path.resolve(process.env.CONSTRUCT_ROOT ?? process.env.INIT_CWD ?? process.cwd());
const port = process.env.PORT ?? "3000";
const host = process.env.HOST ?? "127.0.0.1";
const loopback = ["127.0.0.1", "localhost", "::1"].includes(host);

const stale = buildIsStale(appDir);
if (stale && process.env.CONSTRUCT_SKIP_BUILD !== "1") {
  console.log("[construct-studio] building (no current build)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: appDir,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Beyond loopback anyone on the network could reach the org files: require a per-launch token.
const token = loopback ? undefined : (process.env.CONSTRUCT_TOKEN ?? randomBytes(24).toString("base64url"));
const shownHost = host.includes(":") ? `[${host}]` : host;
const env = {
  ...process.env,
  PORT: port,
  HOST: host,
  CONSTRUCT_ROOT: root,
  CONSTRUCT_APP_DIR: appDir,
  NEXT_TELEMETRY_DISABLED: "1",
  ...(token
    ? {
        CONSTRUCT_TOKEN: token,
        CONSTRUCT_ALLOWED_HOSTS: [process.env.CONSTRUCT_ALLOWED_HOSTS, `${shownHost}:${port}`]
          .filter(Boolean)
          .join(","),
      }
    : {}),
};
console.log(`[construct-studio] editing ${root}`);
console.log(`[construct-studio] open http://${shownHost}:${port}/${token ? `?token=${token}` : ""}`);
const server = spawn(process.execPath, [nextBin, "start", "-p", port, "-H", host], {
  cwd: appDir,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
