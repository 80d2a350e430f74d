import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// The conformance suite's unit half: every `*.conformance.test.ts`. test/support/conformance-setup.ts
// fails the run with one line when ../shared/fixtures/upstream-org is absent.
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    environment: "node",
    include: ["{schemas,lib,server,scripts,test}/**/*.conformance.test.ts"],
    exclude: configDefaults.exclude,
    globalSetup: ["test/support/conformance-setup.ts"],
    testTimeout: 30_000,
  },
});
