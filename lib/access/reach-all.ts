import { REACH_LISTS, type ReachList, type ReachStep } from "@/schemas/access";
import type { AccessGraph } from "./graph";
import { describeGrant, describePath, PATH_ENDS } from "./reach";

/**
 * Every principal's reach at once, as sets of `list\tentry` keys. Principals on one cycle of handoffs
 * reach the same things, so the sets are computed per strongly connected component (Tarjan) and
 * shared by its members: an org where everyone reaches everyone costs one set, not one per principal.
 */
const computed = new WeakMap<AccessGraph, Map<string, ReadonlySet<string>>>();

export function reachKeysAll(graph: AccessGraph): Map<string, ReadonlySet<string>> {
  let all = computed.get(graph);
  if (!all) {
    all = computeReachKeys(graph);
    computed.set(graph, all);
  }
  return all;
}

function computeReachKeys(graph: AccessGraph): Map<string, ReadonlySet<string>> {
  // Principals by number, and each one's successors as numbers, resolved once.
  const members = [...graph.principals.values()];
  const number = new Map<string, number>();
  for (const [i, p] of members.entries()) number.set(p.id, i);
  const succ: number[][] = members.map((p) => {
    const out: number[] = [];
    for (const s of graph.out.get(p.node) ?? []) {
      const n = number.get(s.to);
      if (n !== undefined) out.push(n);
    }
    return out;
  });
  const count = members.length;
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  const sccOf: Set<string>[] = new Array(count);
  const out = new Map<string, ReadonlySet<string>>();
  let counter = 0;
  // An explicit stack: a chain of 10,000 handoffs would overflow recursion.
  const work: number[] = [];
  const next = new Int32Array(count);
  for (let root = 0; root < count; root++) {
    if (index[root] !== -1) continue;
    const open = (node: number) => {
      index[node] = low[node] = counter++;
      stack.push(node);
      onStack[node] = 1;
      next[node] = 0;
      work.push(node);
    };
    open(root);
    while (work.length) {
      const top = work[work.length - 1];
      const edges = succ[top];
      if (next[top] < edges.length) {
        const w = edges[next[top]++];
        if (index[w] === -1) open(w);
        else if (onStack[w]) low[top] = Math.min(low[top], index[w]);
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1];
        low[parent] = Math.min(low[parent], low[top]);
      }
      if (low[top] !== index[top]) continue;
      // A component closes in reverse topological order: everything it reaches is already done.
      const component: number[] = [];
      let w: number | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack[w] = 0;
        component.push(w);
      } while (w !== top);
      const keys = new Set<string>();
      // Entries are deduplicated per list before a key is built: members of a team share most of theirs.
      for (const list of REACH_LISTS) {
        const entries = new Set<string>();
        for (const m of component) for (const entry of members[m].fence[list]) entries.add(entry);
        for (const entry of entries) keys.add(`${list}\t${entry}`);
      }
      const merged = new Set<Set<string>>();
      for (const m of component)
        for (const n of succ[m]) {
          const other = sccOf[n];
          if (other && other !== keys && !merged.has(other)) {
            merged.add(other);
            for (const k of other) keys.add(k);
          }
        }
      for (const m of component) {
        sccOf[m] = keys;
        out.set(members[m].id, keys);
      }
    }
  }
  return out;
}

export type ReachChange = {
  action: "widen" | "narrow";
  id: string;
  list: ReachList;
  entry: string;
  /** Whose fence grants (after a widening) or granted (before a narrowing) it. */
  holder: string;
  /** `cx-reviewer → handoff → cx-engineer: edit src/**` */
  text: string;
};

const split = (k: string): [ReachList, string] => {
  const tab = k.indexOf("\t");
  return [k.slice(0, tab) as ReachList, k.slice(tab + 1)];
};

/**
 * For every principal that reaches a holder of `key`, its next step towards the nearest one: a
 * breadth-first walk backwards from all holders at once, so explaining one entry to 10,000
 * principals costs one walk of the graph, not one per principal.
 */
function towardsHolders(
  graph: AccessGraph,
  into: ReadonlyMap<string, ReachStep[]>,
  key: string,
): Map<string, ReachStep | null> {
  const [list, entry] = split(key);
  const next = new Map<string, ReachStep | null>();
  const queue: string[] = [];
  for (const p of graph.principals.values())
    if (p.fence[list].includes(entry)) {
      next.set(p.id, null);
      queue.push(p.id);
    }
  for (let i = 0; i < queue.length; i++)
    for (const step of into.get(queue[i]) ?? [])
      if (!next.has(step.from)) {
        next.set(step.from, step);
        queue.push(step.from);
      }
  return next;
}

function incoming(graph: AccessGraph): Map<string, ReachStep[]> {
  const into = new Map<string, ReachStep[]>();
  for (const steps of graph.out.values())
    for (const s of steps) {
      const list = into.get(s.to);
      if (list) list.push(s);
      else into.set(s.to, [s]);
    }
  return into;
}

type Difference = { gained: [string, ReachList, string][]; lost: [string, ReachList, string][] };

function difference(before: ReadonlySet<string>, after: ReadonlySet<string>): Difference {
  const only = (x: ReadonlySet<string>, y: ReadonlySet<string>) =>
    [...x].flatMap((key): [string, ReachList, string][] => (y.has(key) ? [] : [[key, ...split(key)]]));
  return { gained: only(after, before), lost: only(before, after) };
}

/**
 * How each principal present on both sides gains or loses reach through others: a widening that comes
 * from its own fence is the fence's change, not its reach's, and is left to the fence's own diff.
 * `only` limits the principals looked at (history asks about one).
 */
export function reachChanges(before: AccessGraph, after: AccessGraph, only?: readonly string[]): ReachChange[] {
  const a = reachKeysAll(before);
  const b = reachKeysAll(after);
  const found: { action: ReachChange["action"]; id: string; key: string }[] = [];
  // Members of one component share one set, so each pair of sets is compared once, not once per member.
  const diffs = new Map<ReadonlySet<string>, Map<ReadonlySet<string>, Difference>>();
  for (const id of only ?? [...b.keys()]) {
    const ka = a.get(id);
    const kb = b.get(id);
    if (!ka || !kb || ka === kb) continue;
    const byAfter = diffs.get(ka) ?? new Map<ReadonlySet<string>, Difference>();
    diffs.set(ka, byAfter);
    const diff = byAfter.get(kb) ?? difference(ka, kb);
    byAfter.set(kb, diff);
    if (!diff.gained.length && !diff.lost.length) continue;
    const ownAfter = after.byId.get(id)?.fence;
    const ownBefore = before.byId.get(id)?.fence;
    for (const [key, list, entry] of diff.gained)
      if (!ownAfter?.[list].includes(entry)) found.push({ action: "widen", id, key });
    for (const [key, list, entry] of diff.lost)
      if (!ownBefore?.[list].includes(entry)) found.push({ action: "narrow", id, key });
  }
  const walks = new Map<string, Map<string, ReachStep | null>>();
  const into = { widen: incoming(after), narrow: incoming(before) };
  return found.map(({ action, id, key }) => {
    const graph = action === "widen" ? after : before;
    const walkKey = `${action}\t${key}`;
    let towards = walks.get(walkKey);
    if (!towards) {
      towards = towardsHolders(graph, into[action], key);
      walks.set(walkKey, towards);
    }
    const path: ReachStep[] = [];
    let at = id;
    for (let step = towards.get(at); step; step = towards.get(at)) {
      path.push(step);
      at = step.to;
    }
    const [list, entry] = split(key);
    const elided = Math.max(0, path.length - 2 * PATH_ENDS);
    const shown = elided ? [...path.slice(0, PATH_ENDS), ...path.slice(-PATH_ENDS)] : path;
    return {
      action,
      id,
      list,
      entry,
      holder: at,
      text: `${describePath(id, shown, elided)}: ${describeGrant(list, entry)}`,
    };
  });
}
