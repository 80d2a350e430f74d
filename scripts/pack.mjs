#!/usr/bin/env node
// `prepack`: what the installed package runs, in dist/. The CLI and the MCP server are one bundled
// JavaScript file; the editor is the production build with only the node_modules files Next traced
// for it. Builds Next only when `.next` is not a build of the current sources.
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildIsStale } from "./build-state.mjs";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextDir = path.join(appDir, ".next");
const dist = path.join(appDir, "dist");
const editor = path.join(dist, "editor");

// `CONSTRUCT_SKIP_BUILD=1` (as for `npm start`) packs the build `.next` holds: the packaging test
// packs the build `npm test` just made, while servers run from it.
const skipBuild = process.env.CONSTRUCT_SKIP_BUILD === "1";
if (skipBuild && !existsSync(path.join(nextDir, "BUILD_ID"))) {
  console.error("[construct-studio] no build in .next to pack; run `npx next build` first");
  process.exit(1);
}
if (!skipBuild && buildIsStale(appDir)) {
  console.log("[construct-studio] building the editor (no current build)…");
  const result = spawnSync(
    process.execPath,
    [path.join(appDir, "node_modules", "next", "dist", "bin", "next"), "build"],
    {
      cwd: appDir,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [path.join(appDir, "server", "cli.ts")],
  outfile: path.join(dist, "cli.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.9",
  tsconfig: path.join(appDir, "tsconfig.json"),
  // jsonc-parser's CommonJS entry is a UMD wrapper whose requires a bundler cannot follow; its ES module entry bundles.
  mainFields: ["module", "main"],
  // Bundled CommonJS dependencies call `require` for Node's own modules.
  banner: {
    js: 'import { createRequire as $$createRequire } from "node:module"; const require = $$createRequire(import.meta.url);',
  },
  legalComments: "linked",
  logLevel: "warning",
});

// Build-time state (cache, traces, type stubs, source maps) stays behind; the server needs none of it.
const LEFT_BEHIND = new Set(["cache", "dev", "diagnostics", "types", "build", "trace", "trace-build", "turbopack"]);
cpSync(nextDir, path.join(editor, ".next"), {
  recursive: true,
  filter: (source) => {
    const rel = path.relative(nextDir, source);
    return !LEFT_BEHIND.has(rel.split(path.sep)[0]) && !rel.endsWith(".map") && !rel.endsWith(".nft.json");
  },
});

// The studio shows no optimised images, so sharp's native libraries stay out of the package.
const UNUSED = /^(sharp|@img\/[^/]+|detect-libc)\//;
const modules = path.join(appDir, "node_modules");
const traced = new Set();
function readTrace(file) {
  for (const entry of JSON.parse(readFileSync(file, "utf8")).files) {
    const full = path.resolve(path.dirname(file), entry);
    const rel = path.relative(modules, full);
    if (!rel.startsWith("..") && !UNUSED.test(rel.split(path.sep).join("/"))) traced.add(rel);
  }
}
function walkTraces(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !(dir === nextDir && LEFT_BEHIND.has(entry.name))) walkTraces(full);
    else if (entry.name.endsWith(".nft.json")) readTrace(full);
  }
}
walkTraces(nextDir);
// A build without `output: "standalone"` leaves out what starting Next from a script needs; trace it
// with Next's own tracer, as a standalone build does.
const requireFromApp = createRequire(path.join(appDir, "package.json"));
const { nodeFileTrace } = requireFromApp("next/dist/compiled/@vercel/nft");
const starts = ["next/dist/server/lib/start-server", "next/dist/server/next", "next/dist/server/require-hook"];
const { fileList } = await nodeFileTrace(
  starts.map((entry) => requireFromApp.resolve(entry)),
  { base: appDir, processCwd: appDir, ignore: ["**/next/dist/compiled/webpack/*", "**/*.dev.js"] },
);
for (const file of fileList) {
  const rel = path.relative(modules, path.join(appDir, file));
  if (!rel.startsWith("..") && !UNUSED.test(rel.split(path.sep).join("/"))) traced.add(rel);
}
for (const rel of traced) {
  const source = path.join(modules, rel);
  if (!statSync(source).isFile()) continue;
  mkdirSync(path.dirname(path.join(editor, "node_modules", rel)), { recursive: true });
  copyFileSync(source, path.join(editor, "node_modules", rel));
}
copyFileSync(path.join(appDir, "scripts", "editor-server.mjs"), path.join(editor, "server.mjs"));
console.log(`[construct-studio] dist/: the CLI and MCP server, and the editor with ${traced.size} traced files`);
