// Child process for pack-crash.test.ts: installs one pack folder, which hangs at CONSTRUCT_FAULT_POINT
// when CONSTRUCT_TEST_FAULTS=1 so the test can kill -9 it there.
// Usage: pack-crash-child.ts ROOT HOME CONFIG_HOME APPDIR project|user FOLDER
import { runFaultOperation } from "@/test/support/processes";
import { resolvePaths } from "../../config";
import { installPack } from "../pack-install";
import { PackService } from "../pack-service";

const [root, home, configHome, appDir, tier, folder] = process.argv.slice(2);
if (!root || !home || !configHome || !appDir || (tier !== "project" && tier !== "user") || !folder) {
  process.stderr.write("usage: pack-crash-child.ts ROOT HOME CONFIG_HOME APPDIR project|user FOLDER\n");
  process.exit(2);
}
await runFaultOperation(() =>
  installPack(new PackService(resolvePaths({ root, home, configHome, appDir })), { folder }, tier),
);
