import { EMPTY_FENCE } from "@/lib/org/effective-fence";
import { type AccessHistory, type AccessHistoryEntry, REACH_LISTS } from "@/schemas/access";
import type { EffectiveFence } from "@/schemas/fence";
import type { AccessGraph } from "./graph";
import { describeGrant, reachOf } from "./reach";
import { reachChanges } from "./reach-all";

export type AccessChange = AccessHistoryEntry["changes"][number];

/** Every `list\tentry` a task starting at `id` reaches through handoffs and contracts, with no paths kept. */
function reachKeysFrom(graph: AccessGraph, id: string): Set<string> {
  const keys = new Set<string>();
  const start = graph.byId.get(id);
  if (!start) return keys;
  const seen = new Set([start.node]);
  const queue = [start.node];
  for (let i = 0; i < queue.length; i++) {
    const fence = graph.principals.get(queue[i])?.fence;
    if (fence) for (const list of REACH_LISTS) for (const entry of fence[list]) keys.add(`${list}\t${entry}`);
    for (const step of graph.out.get(queue[i]) ?? []) {
      const next = graph.byId.get(step.to)?.node;
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return keys;
}

/** A granting entry added widens and a removed one narrows; a denied action is the other way round. */
export function fenceChanges(before: EffectiveFence, after: EffectiveFence): AccessChange[] {
  const out: AccessChange[] = [];
  const diff = (
    list: keyof EffectiveFence,
    read: (entry: string, added: boolean) => [AccessChange["action"], string],
  ) => {
    const was = new Set(before[list]);
    const is = new Set(after[list]);
    const push = (entry: string, added: boolean) => {
      const [action, text] = read(entry, added);
      out.push({ action, scope: "fence", list, entry, text });
    };
    for (const entry of after[list]) if (!was.has(entry)) push(entry, true);
    for (const entry of before[list]) if (!is.has(entry)) push(entry, false);
  };
  for (const list of REACH_LISTS)
    diff(list, (entry, added) => [added ? "widen" : "narrow", describeGrant(list, entry)]);
  diff("deniedActions", (entry, added) =>
    added ? ["narrow", `${entry} is denied`] : ["widen", `${entry} is not denied`],
  );
  return out;
}

/** What a principal reaches through others when it appears or disappears: everything, at once. */
function throughOthers(graph: AccessGraph, id: string, action: AccessChange["action"]): AccessChange[] {
  const reach = reachOf(graph, id);
  if (!reach) return [];
  return reach.entries
    .filter((e) => e.holder !== id)
    .map((e) => ({ action, scope: "reach" as const, list: e.list, entry: e.entry, text: e.text }));
}

/**
 * How one principal's access differs between two orgs: its own effective fence, then what it reaches
 * through others. A principal that is absent on one side counts as holding nothing there.
 */
export function accessChanges(id: string, before: AccessGraph, after: AccessGraph): AccessChange[] {
  if (before === after) return [];
  const was = before.byId.get(id);
  const is = after.byId.get(id);
  const own = fenceChanges(was?.fence ?? EMPTY_FENCE, is?.fence ?? EMPTY_FENCE);
  if (!was || !is)
    return [...own, ...(is ? throughOthers(after, id, "widen") : was ? throughOthers(before, id, "narrow") : [])];
  // One walk from the principal on each side settles whether its reach changed at all, before the
  // whole-graph comparison that explains how.
  const a = reachKeysFrom(before, id);
  const b = reachKeysFrom(after, id);
  if (a.size === b.size && [...a].every((k) => b.has(k))) return own;
  const reach = reachChanges(before, after, [id]).map(
    (c): AccessChange => ({ action: c.action, scope: "reach", list: c.list, entry: c.entry, text: c.text }),
  );
  return [...own, ...reach];
}

/** The changes a merge makes against every one of its parents: its own, not what a branch brought in. */
export function commonChanges(perParent: readonly AccessChange[][]): AccessChange[] {
  const [first = [], ...rest] = perParent;
  const key = (c: AccessChange) => `${c.action}\t${c.scope}\t${c.list}\t${c.entry}`;
  const others = rest.map((changes) => new Set(changes.map(key)));
  return first.filter((c) => others.every((set) => set.has(key(c))));
}

/** The CLI's reading: one block per commit, newest first, each change signed `+` (widen) or `-` (narrow). */
export function historyText(history: AccessHistory): string {
  const lines: string[] = [];
  if (history.note) lines.push(`${history.id}: ${history.note}`);
  if (history.shallow)
    lines.push("This is a shallow clone: history starts at its oldest commit (git fetch --unshallow for the rest).");
  for (const e of history.entries) {
    lines.push(`${e.date.slice(0, 10)}  ${e.author}  ${e.commit.slice(0, 7)}  ${e.subject}`);
    for (const c of e.changes) lines.push(`    ${c.action === "widen" ? "+" : "-"} ${c.scope}: ${c.text}`);
  }
  if (!history.note) {
    const found = history.entries.length
      ? `${history.entries.length} commit(s) changed what ${history.id} can do`
      : `no commit changed what ${history.id} can do`;
    const more = history.more ? `; ${history.more} older commit(s) not looked at (--limit)` : "";
    lines.push(`${found} (${history.scanned} looked at${more})`);
  }
  return `${lines.join("\n")}\n`;
}
