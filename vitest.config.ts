import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// `npm test`'s unit tests need nothing beside the clone; `*.conformance.test.ts` read the original
// project's org in ../shared and run in `npm run test:conformance` (vitest.conformance.config.ts).
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    environment: "node",
    include: ["{schemas,lib,server,scripts,test}/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "**/*.conformance.test.ts"],
    testTimeout: 30_000,
  },
});
