import { graphOfOrg, joinLists } from "@/lib/queries/org";
import type { ListResponse } from "@/schemas/api/org";
import { ENTITY_KINDS } from "@/schemas/kinds";
import type { OrgApi } from "../org/org-api";

/** The graph exactly as the browser builds it: each list fetched (through JSON), joined, mapped. */
export async function browserGraph(from: OrgApi) {
  const lists = await Promise.all([...ENTITY_KINDS, "skill" as const].map((kind) => from.listEntities(kind)));
  return graphOfOrg(joinLists(JSON.parse(JSON.stringify(lists)) as ListResponse[]));
}
