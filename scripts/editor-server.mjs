// The installed package's editor: Next's production server over the build `prepack` copied beside
// this file, started the way Next's standalone output starts it (the config comes with the build).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
process.env.NODE_ENV = "production";
process.chdir(dir);
const { config } = JSON.parse(readFileSync(path.join(dir, ".next", "required-server-files.json"), "utf8"));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
require("next");
const { startServer } = require("next/dist/server/lib/start-server");
await startServer({
  dir,
  isDev: false,
  config,
  hostname: process.env.HOSTNAME || "127.0.0.1",
  port: Number(process.env.PORT) || 3000,
  allowRetry: false,
});
