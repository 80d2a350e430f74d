// Whether `.next` holds a production build of the current sources: `npm start` and `prepack` build only when not.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "components",
  "lib",
  "schemas",
  "server",
  "proxy.ts",
  "next.config.ts",
  "package.json",
  "postcss.config.mjs",
];

function newestSource(appDir, entry) {
  const full = path.join(appDir, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestSource(appDir, path.join(entry, child)));
  return newest;
}

export function buildIsStale(appDir) {
  const buildId = path.join(appDir, ".next", "BUILD_ID");
  return (
    !existsSync(buildId) || Math.max(...SOURCES.map((entry) => newestSource(appDir, entry))) > statSync(buildId).mtimeMs
  );
}
