import type { ConstructInfo } from "@/schemas/api";
import type { ConstructInstall } from "./detect";

/** What the studio says about the Construct it edits; the package's folder and problems stay on the server. */
export function constructInfo({ generation, version, source, reason, readOnly }: ConstructInstall): ConstructInfo {
  return { generation, version, source, reason, readOnly };
}
