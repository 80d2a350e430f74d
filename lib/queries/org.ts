import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { getAutoLayout, getLayout } from "@/lib/api/layout";
import { listEntities } from "@/lib/api/org";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import type { ListResponse, ListRow, OrgSummary } from "@/schemas/api/org";
import type { FieldError } from "@/schemas/field-error";
import type { FoldedView, Graph } from "@/schemas/graph";
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
import { orgKeys } from "./org-keys";

/** Everything under "org" refetches when the org changes; the first-paint summary only stands in. */

/** The lists of the project's kinds: the others do not exist in its generation. */
export const orgQuery = (kinds: readonly EntityKind[]) => {
  return queryOptions({
    queryKey: orgKeys.lists,
    queryFn: async ({ signal }) =>
      joinLists(await Promise.all([...kinds, "skill" as const].map((kind) => listEntities(kind, signal))), kinds),
  });
};

export const layoutQuery = () => queryOptions({ queryKey: orgKeys.layout, queryFn: ({ signal }) => getLayout(signal) });

export const autoLayoutQuery = () =>
  queryOptions({ queryKey: orgKeys.autoLayout, queryFn: ({ signal }) => getAutoLayout(signal) });

/** Seeded by the editor page, never fetched. */
export const summaryQuery = () =>
  queryOptions<OrgSummary>({ queryKey: orgKeys.summary, queryFn: skipToken, staleTime: Number.POSITIVE_INFINITY });

/** Seeded by the editor page for a big org, never fetched. */
export const foldedQuery = () =>
  queryOptions<FoldedView>({ queryKey: orgKeys.folded, queryFn: skipToken, staleTime: Number.POSITIVE_INFINITY });

export type OrgView = {
  org: OrgRecords;
  scopes: Record<string, Scope>;
  sources: Record<string, string>;
  problems: FieldError[];
  /** Warnings counted per record, for the summary, which leaves their texts to the full lists. */
  warnings?: Readonly<Record<string, number>>;
  /** Warnings in read-only records, counted apart. */
  readOnlyWarnings?: number;
  /** Warnings the project accepted, counted apart. */
  acceptedWarnings?: number;
};

export type OrgData = OrgView & { rows: Record<string, ListRow>; skills: Skill[] };

export const rowKey = (kind: EntityKind, id: string) => `${SECTION_OF[kind]}/${id}`;

/** `lists` holds one answer per kind of `kinds`, in order, then the skills. */
export function joinLists(lists: readonly ListResponse[], kinds: readonly EntityKind[] = ENTITY_KINDS): OrgData {
  const org = emptyOrg();
  const rows: Record<string, ListRow> = {};
  const scopes: Record<string, Scope> = {};
  const sources: Record<string, string> = {};
  const problems: FieldError[] = [];
  kinds.forEach((kind, i) => {
    for (const row of lists[i].items) {
      const key = rowKey(kind, row.id);
      org[SECTION_OF[kind]][row.id] = row.record;
      rows[key] = row;
      scopes[key] = row.scope;
      if (row.source) sources[key] = row.source;
    }
    problems.push(...lists[i].errors);
  });
  const skills = lists[kinds.length].items.map((row) => row.record as Skill);
  return { org, rows, scopes, sources, problems, skills };
}

/**
 * The server renders the page once per request from a fresh copy of the summary: the view of the
 * last version is kept, so every render of one version shares it, and the graph and layout drawn from it.
 */
let lastSummary: { key: string; view: OrgView } | null = null;

export function joinSummary(summary: OrgSummary): OrgView {
  if (summary.key && lastSummary?.key === summary.key) return lastSummary.view;
  const view = summaryView(summary);
  if (summary.key) lastSummary = { key: summary.key, view };
  return view;
}

function summaryView(summary: OrgSummary): OrgView {
  const org = emptyOrg();
  const scopes: Record<string, Scope> = {};
  const sources: Record<string, string> = {};
  for (const section of SECTIONS)
    for (const row of summary.sections[section] ?? []) {
      const key = `${section}/${row.id}`;
      org[section][row.id] = { id: row.id, ...row.record };
      scopes[key] = row.scope;
      if (row.source) sources[key] = row.source;
    }
  return {
    org,
    scopes,
    sources,
    problems: summary.problems,
    warnings: summary.warnings,
    readOnlyWarnings: summary.readOnlyWarnings ?? 0,
    acceptedWarnings: summary.acceptedWarnings ?? 0,
  };
}

const graphs = new WeakMap<OrgView, Graph>();

/** The same graph the server's `OrgApi.graph()` gives; drawn once per view. */
export function graphOfOrg(view: OrgView): Graph {
  let graph = graphs.get(view);
  if (!graph) {
    const { org, scopes, sources, problems, warnings } = view;
    graph = orgToGraph({ org, scopes, sources, problems, warnings });
    graphs.set(view, graph);
  }
  return graph;
}

export function useLayout() {
  return useQuery(layoutQuery());
}
