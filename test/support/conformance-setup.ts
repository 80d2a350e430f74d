import { missingUpstreamLine } from "./upstream";

/** Vitest global setup of the conformance suite: no fixture, no run (never a silent skip). */
export default function setup() {
  const missing = missingUpstreamLine();
  if (missing) throw new Error(missing);
}
