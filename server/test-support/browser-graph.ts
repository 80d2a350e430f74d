import { graphOfOrg, joinLists } from "@/lib/queries/org";
import type { ListResponse } from "@/schemas/api/org";
import type { OrgApi } from "../org/org-api";

/** The graph exactly as the browser builds it: each list fetched (through JSON), joined, mapped. */
export async function browserGraph(from: OrgApi) {
  const { kinds } = from.paths.adapter;
  const lists = await Promise.all([...kinds, "skill" as const].map((kind) => from.listEntities(kind)));
  return graphOfOrg(joinLists(JSON.parse(JSON.stringify(lists)) as ListResponse[], kinds));
}
