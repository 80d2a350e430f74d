import type { ConstructStatus } from "@/schemas/api/construct";
import type { StudioPaths } from "../config";
import { setTrust, trustOf } from "./trust";

/** The payload's view of the project's Construct: generation, package, trust. */
export function constructStatus(paths: Pick<StudioPaths, "root" | "trustFile" | "construct">): ConstructStatus {
  const { generation, version, source, readOnly } = paths.construct;
  const trust = trustOf(paths, paths.construct);
  return { generation, version, source, readOnly, trusted: trust.trusted, trust: trust.reason };
}

/** Trusts (or forgets trusting) the project's own install, and answers the status that results. */
export async function changeTrust(
  paths: Pick<StudioPaths, "root" | "trustFile" | "construct">,
  opts: { revoke?: boolean } = {},
): Promise<ConstructStatus> {
  await setTrust(paths, paths.construct, opts);
  return constructStatus(paths);
}
