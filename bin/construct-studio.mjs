#!/usr/bin/env node
// The CLI is TypeScript shared with the server; tsx compiles it on the fly, resolving the
// "@/…" imports through this package's own tsconfig wherever the command is run from.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.CONSTRUCT_APP_DIR ??= appDir;
register({ tsconfig: path.join(appDir, "tsconfig.json") });
const { main } = await import("../server/cli.ts");
process.exitCode = await main(process.argv.slice(2));
