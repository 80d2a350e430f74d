/**
 * Providers key what they read so the key changes with the item (path, mtime and size; a commit
 * hash): a tick that would only re-read what a model answered calls no model.
 */
export type ProviderItems = { provider: string; keys: readonly string[] };

export type SeenSource = { provider: string; items: number; seen?: readonly string[] };

export type LastTickSeen = { status: string; code?: string; startedAt: string; sources?: readonly SeenSource[] };

export type FreshItems =
  | { verdict: "read"; fresh: ProviderItems[]; total: number }
  | { verdict: "nothing-new"; fresh: ProviderItems[]; total: number; message: string };

const answered = (last: LastTickSeen) =>
  last.status === "ran" || (last.status === "skipped" && last.code === "nothing-new");

export function freshItems(current: readonly ProviderItems[], last: LastTickSeen | null): FreshItems {
  const total = current.reduce((n, p) => n + p.keys.length, 0);
  if (total === 0)
    return {
      verdict: "nothing-new",
      fresh: current.map((p) => ({ provider: p.provider, keys: [] })),
      total,
      message: `its providers (${current.map((p) => p.provider).join(", ") || "none"}) returned nothing to read`,
    };
  const seenBy = new Map<string, ReadonlySet<string>>();
  if (last && answered(last)) for (const s of last.sources ?? []) if (s.seen) seenBy.set(s.provider, new Set(s.seen));
  // A provider the last tick did not record is all new.
  const fresh = current.map((p) => {
    const seen = seenBy.get(p.provider);
    return { provider: p.provider, keys: seen ? p.keys.filter((k) => !seen.has(k)) : [...p.keys] };
  });
  if (fresh.some((p) => p.keys.length)) return { verdict: "read", fresh, total };
  return {
    verdict: "nothing-new",
    fresh,
    total,
    message: `the ${total} item(s) its providers returned are the ones the tick of ${last?.startedAt} already read`,
  };
}
