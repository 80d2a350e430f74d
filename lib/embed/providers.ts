import type { EmbedFilter } from "@/schemas/embed";

/**
 * Only `directory` and `git` read for real; the others need credentials this app does not hold, so a
 * tick binding them skips with `provider-unavailable:<id>` rather than run on partial context.
 */
export type ProviderInfo = {
  id: string;
  label: string;
  local: boolean;
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

export const DEFAULT_DIRECTORY_GLOBS = ["**/*.md"];

/** Keys no bound provider understands: a filter that would silently do nothing. */
export function unusedScopeKeys(filter: EmbedFilter | undefined, bindings: readonly string[]): string[] {
  const scope = filter?.scope ?? {};
  const known = bindings.map((b) => providerInfo(b)).filter((p): p is ProviderInfo => !!p);
  if (known.length < bindings.length) return []; // an unknown provider may understand it
  return Object.keys(scope).filter((key) => !known.some((p) => p.scopeKeys.includes(key)));
}
