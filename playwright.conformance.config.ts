import { mainServers, PORT, projectWithOrg, studioConfig, studioServer } from "./e2e/playwright-base";
import { missingUpstreamLine, UPSTREAM_ORG_DIR } from "./test/support/upstream";

// `npm run test:conformance`: the specs that check the studio against the original project's own
// org in ../shared. Without it the suite fails with one line, never a silent skip.
const missing = missingUpstreamLine();
if (missing) throw new Error(missing);

/** The second server serves a project whose tier is a copy of the upstream org, on E2E_PORT + 1. */
export const UPSTREAM_PORT = PORT + 1;

export default studioConfig({
  testMatch: "**/*.conformance.spec.ts",
  webServer: [...mainServers, studioServer(UPSTREAM_PORT, projectWithOrg("E2E_UPSTREAM_ROOT", UPSTREAM_ORG_DIR))],
});
