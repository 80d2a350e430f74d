import type { EmbedFilter } from "@/schemas/embed";

/**
 * The provider registry. `directory` and `git` read local data for real; the others are known
 * ids whose adapters need credentials this app does not hold, so a tick that binds them is skipped
 * with `provider-unavailable:<id>` rather than run on partial context.
 */
export type ProviderInfo = {
  id: string;
  label: string;
  local: boolean;
  /** The `filter.scope` keys this provider understands. */
  scopeKeys: readonly string[];
};

export const PROVIDERS: readonly ProviderInfo[] = [
  { id: "directory", label: "Files in the project", local: true, scopeKeys: ["paths"] },
  { id: "git", label: "Recent commits of the project", local: true, scopeKeys: ["paths"] },
  { id: "github", label: "GitHub", local: false, scopeKeys: ["repos", "repoGlob"] },
  { id: "jira", label: "Jira", local: false, scopeKeys: ["projects"] },
  { id: "atlassian-jira", label: "Jira (Atlassian)", local: false, scopeKeys: ["projects"] },
  { id: "confluence", label: "Confluence", local: false, scopeKeys: ["spaces"] },
  { id: "atlassian-confluence", label: "Confluence (Atlassian)", local: false, scopeKeys: ["spaces"] },
  { id: "slack", label: "Slack", local: false, scopeKeys: ["channels"] },
  { id: "linear", label: "Linear", local: false, scopeKeys: ["projects"] },
  { id: "pagerduty", label: "PagerDuty", local: false, scopeKeys: [] },
];

const BY_ID = new Map(PROVIDERS.map((p) => [p.id, p]));

export function providerInfo(id: string): ProviderInfo | undefined {
  return BY_ID.get(id);
}

/** Local globs default to Markdown notes when a `directory` binding gives none. */
export const DEFAULT_DIRECTORY_GLOBS = ["**/*.md"];

/** `filter.scope` keys none of the bound providers understands: a filter that would silently do nothing. */
export function unusedScopeKeys(filter: EmbedFilter | undefined, bindings: readonly string[]): string[] {
  const scope = filter?.scope ?? {};
  const known = bindings.map((b) => providerInfo(b)).filter((p): p is ProviderInfo => !!p);
  if (known.length < bindings.length) return []; // an unknown provider may understand it
  return Object.keys(scope).filter((key) => !known.some((p) => p.scopeKeys.includes(key)));
}
