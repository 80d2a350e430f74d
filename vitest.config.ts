import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// `*.conformance.test.ts` read the original project's org in ../shared: `npm run test:conformance`.
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    environment: "node",
    include: ["{schemas,lib,server,scripts,test}/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "**/*.conformance.test.ts"],
    testTimeout: 30_000,
  },
});
