// Child process for tick-crash.test.ts: runs one tick of an embed capability, which hangs at
// CONSTRUCT_FAULT_POINT when CONSTRUCT_TEST_FAULTS=1 so the test can kill -9 it there. No runtime is
// configured, so the tick's only write is its record. Usage: tick-crash-child.ts ROOT HOME CONFIG_HOME APPDIR ID
import { resolvePaths } from "../../config";
import { OrgApi } from "../../org/org-api";
import { PackService } from "../../packs/pack-service";
import { PromptResolver, specialistPrompt } from "../../packs/prompt-resolver";
import { EmbedService } from "../embed-service";

const [root, home, configHome, appDir, id] = process.argv.slice(2);
if (!root || !home || !configHome || !appDir || !id) {
  process.stderr.write("usage: tick-crash-child.ts ROOT HOME CONFIG_HOME APPDIR ID\n");
  process.exit(2);
}
// faultPoint() parks on a promise that never settles; with nothing else pending, Node would end
// the process there (exit 13, unsettled top-level await) instead of waiting for the kill.
const keepAlive = setInterval(() => {}, 60_000);
const paths = resolvePaths({ root, home, configHome, appDir });
const packs = new PackService(paths);
const org = new OrgApi(paths, { packs });
const svc = new EmbedService({
  paths,
  packs,
  org,
  resolvePrompt: specialistPrompt(org, new PromptResolver(paths, packs)),
  env: {},
});
const record = await svc.tick(id);
clearInterval(keepAlive);
process.stdout.write(`OPERATION_DONE ${JSON.stringify(record)}\n`);
