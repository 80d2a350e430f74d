import { mainServers, studioConfig } from "./e2e/playwright-base";

// `npm test`: everything that needs nothing beside the clone. The specs that read the original
// project's org (`*.conformance.spec.ts`) run in `npm run test:conformance` instead.
export default studioConfig({
  testIgnore: "**/*.conformance.spec.ts",
  webServer: mainServers,
});
