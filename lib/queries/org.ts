import { queryOptions, useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiFetch } from "@/lib/api-client";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import type { FieldError } from "@/schemas/field-error";
import type { AutoLayout, Graph, Layout } from "@/schemas/graph";
import {
  ENTITY_KINDS,
  type EntityKind,
  type EntityRecord,
  emptyOrg,
  type OrgRecords,
  type Scope,
  SECTION_OF,
} from "@/schemas/kinds";
import type { Skill } from "@/schemas/skill";

export type ListRow = {
  id: string;
  scope: Scope;
  source?: string;
  path: string;
  overrides: { scope: Scope; path: string; source?: string }[];
  record: EntityRecord;
  etag: string;
};
export type ListResponse = { items: ListRow[]; count: number; errors: FieldError[] };

export const orgKeys = {
  all: ["org"] as const,
  list: (kind: EntityKind | "skill") => ["org", "list", kind] as const,
  layout: ["studio", "layout"] as const,
  /** Under "org": it is refetched whenever the org changes. */
  autoLayout: ["org", "auto-layout"] as const,
};

export const listQuery = (kind: EntityKind | "skill") =>
  queryOptions({
    queryKey: orgKeys.list(kind),
    queryFn: async ({ signal }) => (await apiFetch<ListResponse>(`/api/org/${kind}`, { signal })).data,
  });

export const layoutQuery = () =>
  queryOptions({
    queryKey: orgKeys.layout,
    queryFn: async ({ signal }) => (await apiFetch<Layout>("/api/layout", { signal })).data,
  });

export const autoLayoutQuery = () =>
  queryOptions({
    queryKey: orgKeys.autoLayout,
    queryFn: async ({ signal }) => (await apiFetch<AutoLayout>("/api/graph/layout", { signal })).data,
  });

export type OrgData = {
  org: OrgRecords;
  rows: Record<string, ListRow>;
  problems: FieldError[];
  skills: Skill[];
};

export const rowKey = (kind: EntityKind, id: string) => `${SECTION_OF[kind]}/${id}`;

/** The entity lists (in ENTITY_KINDS order, then skills) joined into records, rows and problems. */
export function joinLists(lists: readonly ListResponse[]): OrgData {
  const org = emptyOrg();
  const rows: Record<string, ListRow> = {};
  const problems: FieldError[] = [];
  ENTITY_KINDS.forEach((kind, i) => {
    for (const row of lists[i].items) {
      org[SECTION_OF[kind]][row.id] = row.record;
      rows[rowKey(kind, row.id)] = row;
    }
    problems.push(...lists[i].errors);
  });
  const skills = lists[ENTITY_KINDS.length].items.map((row) => row.record as unknown as Skill);
  return { org, rows, problems, skills };
}

/** The canvas's graph of the joined lists: the server's `OrgApi.graph()` of the same org. */
export function graphOfOrg(data: OrgData): Graph {
  const scopes = Object.fromEntries(Object.entries(data.rows).map(([key, row]) => [key, row.scope]));
  const sources = Object.fromEntries(
    Object.entries(data.rows).flatMap(([key, row]) => (row.source ? [[key, row.source] as const] : [])),
  );
  return orgToGraph({ org: data.org, scopes, sources, problems: data.problems });
}

/** The merged org the editor works on: every list, joined into records, rows and problems. */
export function useOrg(): { data: OrgData | null; isLoading: boolean; error: Error | null } {
  const results = useQueries({ queries: [...ENTITY_KINDS.map((kind) => listQuery(kind)), listQuery("skill")] });
  const lists = results.map((r) => r.data);
  const ready = lists.every(Boolean);
  const stamp = results.map((r) => r.dataUpdatedAt).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stamp` changes exactly when one of the lists does; `lists` is a new array every render.
  const data = useMemo(() => (ready ? joinLists(lists as ListResponse[]) : null), [ready, stamp]);
  return {
    data,
    isLoading: !ready && !results.some((r) => r.error),
    error: (results.find((r) => r.error)?.error as Error) ?? null,
  };
}

export function useLayout() {
  return useQuery(layoutQuery());
}
