import type { ConstructInfo } from "@/schemas/api";
import type { StudioPaths } from "../config";

type StatusPaths = Pick<StudioPaths, "root" | "trustFile" | "construct" | "adapter">;

/**
 * What the studio says about the Construct it edits, and what its generation has: the header, the
 * editor and `/api/health` draw from this alone. The package's folder and problems stay on the server.
 */
export function constructStatus(paths: StatusPaths): ConstructInfo {
  const { generation, version, source, reason, readOnly } = paths.construct;
  const { adapter } = paths;
  const trust = adapter.trust.status(paths);
  return {
    generation,
    version,
    source,
    reason,
    readOnly,
    trusted: trust.trusted,
    trust: trust.message,
    label: adapter.label(paths.construct),
    kinds: [...adapter.kinds],
    edgeKinds: [...adapter.edgeKinds],
    principal: adapter.principal,
    offersTrust: trust.offered,
    absent: adapter.absent,
  };
}

/** Trusts (or forgets trusting) the project's own install, and answers the status that results. */
export async function changeTrust(paths: StatusPaths, opts: { revoke?: boolean } = {}): Promise<ConstructInfo> {
  await paths.adapter.trust.set(paths, opts);
  return constructStatus(paths);
}
