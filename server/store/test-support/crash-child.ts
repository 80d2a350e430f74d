// Child process for crash.test.ts: runs one org write, which hangs at CONSTRUCT_FAULT_POINT when
// CONSTRUCT_TEST_FAULTS=1 so the test can kill -9 it there. Usage: crash-child.ts MODE ROOT HOME APPDIR
import { runFaultOperation } from "@/test/support/processes";
import { resolvePaths } from "../../config";
import { type CrashMode, runOperation } from "./crash-fixture";

const [mode, root, home, appDir] = process.argv.slice(2);
if ((mode !== "import" && mode !== "save") || !root || !home || !appDir) {
  process.stderr.write("usage: crash-child.ts import|save ROOT HOME APPDIR\n");
  process.exit(2);
}
await runFaultOperation(() => runOperation(resolvePaths({ root, home, appDir }), mode as CrashMode));
