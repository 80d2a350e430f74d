import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    environment: "node",
    include: ["{schemas,lib,server,scripts,test}/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
