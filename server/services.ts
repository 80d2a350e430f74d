import { resolvePaths } from "./config";
import { OrgApi } from "./org/org-api";

const holder = globalThis as unknown as { __constructStudioOrg?: OrgApi };

/** The server's one org façade, kept in memory across requests and refreshed when files change. */
export function orgApi(): OrgApi {
  holder.__constructStudioOrg ??= new OrgApi(resolvePaths(), { cache: true });
  return holder.__constructStudioOrg;
}
