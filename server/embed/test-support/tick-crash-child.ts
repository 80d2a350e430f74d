// Child process for tick-crash.test.ts: runs one tick of an embed capability, which hangs at
// CONSTRUCT_FAULT_POINT when CONSTRUCT_TEST_FAULTS=1 so the test can kill -9 it there. No runtime is
// configured, so the tick's only write is its record. Usage: tick-crash-child.ts ROOT HOME CONFIG_HOME APPDIR ID
import { runFaultOperation } from "@/test/support/processes";
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
await runFaultOperation(() => svc.tick(id));
