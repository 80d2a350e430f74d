import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The original project's own org, beside the checkout in our workspace and in CI but not in a
 * user's clone. Only the conformance suite (`npm run test:conformance`, `*.conformance.test.ts`
 * and `e2e/*.conformance.spec.ts`) may import this module; `test/layering.test.ts` holds that.
 */
export const UPSTREAM_ORG_DIR =
  process.env.CONSTRUCT_UPSTREAM_ORG ??
  fileURLToPath(new URL("../../../shared/fixtures/upstream-org", import.meta.url));

/** The one line the suite fails with when the fixture is absent: never a silent skip. */
export function missingUpstreamLine(dir = UPSTREAM_ORG_DIR): string | null {
  return existsSync(dir)
    ? null
    : `conformance: the upstream fixture folder ${dir} is missing (it sits in ../shared/fixtures/upstream-org beside the checkout; set CONSTRUCT_UPSTREAM_ORG to point elsewhere)`;
}
