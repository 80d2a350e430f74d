import { queryOptions, useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiFetch } from "@/lib/api-client";
import type { FieldError } from "@/schemas/field-error";
import type { Layout } from "@/schemas/graph";
import { type EntityKind, type EntityRecord, type OrgRecords, type Scope, emptyOrg, ENTITY_KINDS, SECTION_OF } from "@/schemas/org";
import type { Skill } from "@/schemas/skill";

export type ListRow = { id: string; scope: Scope; source?: string; path: string; overrides: { scope: Scope; path: string; source?: string }[]; record: EntityRecord; etag: string };
export type ListResponse = { items: ListRow[]; count: number; errors: FieldError[] };

export const orgKeys = {
  all: ["org"] as const,
  list: (kind: EntityKind | "skill") => ["org", "list", kind] as const,
  layout: ["studio", "layout"] as const,
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

export type OrgData = {
  org: OrgRecords;
  rows: Record<string, ListRow>;
  problems: FieldError[];
  skills: Skill[];
};

export const rowKey = (kind: EntityKind, id: string) => `${SECTION_OF[kind]}/${id}`;

/** The merged org the editor works on: every list, joined into records, rows and problems. */
export function useOrg(): { data: OrgData | null; isLoading: boolean; error: Error | null } {
  const results = useQueries({ queries: [...ENTITY_KINDS.map((kind) => listQuery(kind)), listQuery("skill")] });
  const lists = results.map((r) => r.data);
  const ready = lists.every(Boolean);
  const stamp = results.map((r) => r.dataUpdatedAt).join(",");
  const data = useMemo(() => {
    if (!ready) return null;
    const org = emptyOrg();
    const rows: Record<string, ListRow> = {};
    const problems: FieldError[] = [];
    ENTITY_KINDS.forEach((kind, i) => {
      const list = lists[i]!;
      for (const row of list.items) {
        org[SECTION_OF[kind]][row.id] = row.record;
        rows[rowKey(kind, row.id)] = row;
      }
      problems.push(...list.errors);
    });
    const skills = lists[ENTITY_KINDS.length]!.items.map((row) => row.record as unknown as Skill);
    return { org, rows, problems, skills };
    // `stamp` changes exactly when one of the lists does.
  }, [ready, stamp]);
  return { data, isLoading: !ready && !results.some((r) => r.error), error: (results.find((r) => r.error)?.error as Error) ?? null };
}

export function useLayout() {
  return useQuery(layoutQuery());
}
