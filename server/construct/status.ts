import type { ConstructInfo } from "@/schemas/api";
import type { StudioPaths } from "../config";
import { setTrust, trustOf } from "./trust";

/** What the studio says about the Construct it edits; the package's folder and problems stay on the server. */
export function constructStatus(paths: Pick<StudioPaths, "root" | "trustFile" | "construct">): ConstructInfo {
  const { generation, version, source, reason, readOnly } = paths.construct;
  const trust = trustOf(paths, paths.construct);
  return { generation, version, source, reason, readOnly, trusted: trust.trusted, trust: trust.reason };
}

/** Trusts (or forgets trusting) the project's own install, and answers the status that results. */
export async function changeTrust(
  paths: Pick<StudioPaths, "root" | "trustFile" | "construct">,
  opts: { revoke?: boolean } = {},
): Promise<ConstructInfo> {
  await setTrust(paths, paths.construct, opts);
  return constructStatus(paths);
}
