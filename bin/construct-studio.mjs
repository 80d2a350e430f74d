#!/usr/bin/env node
// tsx resolves the "@/…" imports through this package's tsconfig wherever the command runs.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.CONSTRUCT_APP_DIR ??= appDir;
register({ tsconfig: path.join(appDir, "tsconfig.json") });
const { main } = await import("../server/cli.ts");
process.exitCode = await main(process.argv.slice(2));
