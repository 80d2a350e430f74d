#!/usr/bin/env node
// An installed package runs the JavaScript `prepack` compiled; a clone runs its TypeScript through
// tsx, which resolves the "@/…" imports through the clone's tsconfig.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 9)) {
  console.error(
    `construct-studio: needs Node.js 20.9 or later, this is ${process.versions.node}; install a current Node.js LTS (https://nodejs.org) and run it again`,
  );
  process.exit(1);
}

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.CONSTRUCT_APP_DIR ??= appDir;
let main;
if (existsSync(path.join(appDir, "server", "cli.ts"))) {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: path.join(appDir, "tsconfig.json") });
  ({ main } = await import("../server/cli.ts"));
} else {
  ({ main } = await import("../dist/cli.mjs"));
}
process.exitCode = await main(process.argv.slice(2));
