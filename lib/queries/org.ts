import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { getAutoLayout, getLayout } from "@/lib/api/layout";
import { listEntities } from "@/lib/api/org";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import type { ListResponse, ListRow, OrgSummary } from "@/schemas/api/org";
import type { FieldError } from "@/schemas/field-error";
import type { Graph } from "@/schemas/graph";
import {
  ENTITY_KINDS,
  type EntityKind,
  emptyOrg,
  type OrgRecords,
  type Scope,
  SECTION_OF,
  SECTIONS,
} from "@/schemas/kinds";
import type { Skill } from "@/schemas/skill";

/**
 * Query keys. Everything under "org" is refetched when the org changes (an edit, the server's
 * `org-changed` event); the first-paint summary is not: it only stands in until the lists arrive.
 */
export const orgKeys = {
  all: ["org"] as const,
  /** Every entity list and the skills, joined: one answer, so the editor never sees half an org. */
  lists: ["org", "lists"] as const,
  layout: ["studio", "layout"] as const,
  /** Under "org": it is refetched whenever the org changes. */
  autoLayout: ["org", "auto-layout"] as const,
  summary: ["first-paint", "org-summary"] as const,
};

export const orgQuery = () =>
  queryOptions({
    queryKey: orgKeys.lists,
    queryFn: async ({ signal }) =>
      joinLists(await Promise.all([...ENTITY_KINDS, "skill" as const].map((kind) => listEntities(kind, signal)))),
  });

export const layoutQuery = () => queryOptions({ queryKey: orgKeys.layout, queryFn: ({ signal }) => getLayout(signal) });

export const autoLayoutQuery = () =>
  queryOptions({ queryKey: orgKeys.autoLayout, queryFn: ({ signal }) => getAutoLayout(signal) });

/** Filled by the editor page only (never fetched): the slim org the canvas draws before the lists load. */
export const summaryQuery = () =>
  queryOptions<OrgSummary>({ queryKey: orgKeys.summary, queryFn: skipToken, staleTime: Number.POSITIVE_INFINITY });

/** What the canvas draws from: records (full or slim), their tiers and packs, and the problems. */
export type OrgView = {
  org: OrgRecords;
  scopes: Record<string, Scope>;
  sources: Record<string, string>;
  problems: FieldError[];
};

/** The whole org, joined: records, their rows (tier, files, version) and skills, for editing. */
export type OrgData = OrgView & { rows: Record<string, ListRow>; skills: Skill[] };

export const rowKey = (kind: EntityKind, id: string) => `${SECTION_OF[kind]}/${id}`;

/** The entity lists (in ENTITY_KINDS order, then skills) joined into records, rows and problems. */
export function joinLists(lists: readonly ListResponse[]): OrgData {
  const org = emptyOrg();
  const rows: Record<string, ListRow> = {};
  const scopes: Record<string, Scope> = {};
  const sources: Record<string, string> = {};
  const problems: FieldError[] = [];
  ENTITY_KINDS.forEach((kind, i) => {
    for (const row of lists[i].items) {
      const key = rowKey(kind, row.id);
      org[SECTION_OF[kind]][row.id] = row.record;
      rows[key] = row;
      scopes[key] = row.scope;
      if (row.source) sources[key] = row.source;
    }
    problems.push(...lists[i].errors);
  });
  // Skills are described by the server (id, description, path…), not free-form records.
  const skills = lists[ENTITY_KINDS.length].items.map((row) => row.record as Skill);
  return { org, rows, scopes, sources, problems, skills };
}

/** The first-paint summary as a view the canvas can draw. */
export function joinSummary(summary: OrgSummary): OrgView {
  const org = emptyOrg();
  const scopes: Record<string, Scope> = {};
  const sources: Record<string, string> = {};
  for (const section of SECTIONS)
    for (const row of summary.sections[section] ?? []) {
      const key = `${section}/${row.id}`;
      // The summary leaves the id to the row; the graph reads records as the lists carry them.
      org[section][row.id] = { id: row.id, ...row.record };
      scopes[key] = row.scope;
      if (row.source) sources[key] = row.source;
    }
  return { org, scopes, sources, problems: summary.problems };
}

/** The canvas's graph of an org view: the server's `OrgApi.graph()` of the same org. */
export function graphOfOrg(view: OrgView): Graph {
  return orgToGraph({ org: view.org, scopes: view.scopes, sources: view.sources, problems: view.problems });
}

/**
 * The merged org the editor works on. `data` is the whole org once every list has loaded; until
 * then `view` is the page's slim summary, enough to draw the canvas but not to edit.
 */
export function useOrg(): { data: OrgData | null; view: OrgView | null; isLoading: boolean; error: Error | null } {
  const lists = useQuery(orgQuery());
  const summary = useQuery(summaryQuery());
  const slim = useMemo(() => (summary.data ? joinSummary(summary.data) : null), [summary.data]);
  const data = lists.data ?? null;
  return { data, view: data ?? slim, isLoading: lists.isPending && !lists.error, error: lists.error };
}

export function useLayout() {
  return useQuery(layoutQuery());
}
