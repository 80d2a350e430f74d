// Child process for crash.test.ts: runs one org write, which hangs at CONSTRUCT_FAULT_POINT when
// CONSTRUCT_TEST_FAULTS=1 so the test can kill -9 it there. Usage: crash-child.ts MODE ROOT HOME APPDIR
import { resolvePaths } from "../../config";
import { type CrashMode, runOperation } from "./crash-fixture";

const [mode, root, home, appDir] = process.argv.slice(2);
if ((mode !== "import" && mode !== "save") || !root || !home || !appDir) {
  process.stderr.write("usage: crash-child.ts import|save ROOT HOME APPDIR\n");
  process.exit(2);
}
// faultPoint() parks on a promise that never settles; with nothing else pending, Node would end
// the process there (exit 13, unsettled top-level await) instead of waiting for the kill.
const keepAlive = setInterval(() => {}, 60_000);
await runOperation(resolvePaths({ root, home, appDir }), mode as CrashMode);
clearInterval(keepAlive);
process.stdout.write("OPERATION_DONE\n");
