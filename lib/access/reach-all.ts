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
  const nodes = [...graph.principals.keys()];
  const succ = (node: string) =>
    (graph.out.get(node) ?? []).map((s) => graph.byId.get(s.to)?.node).filter((n): n is string => !!n);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const sccOf = new Map<string, Set<string>>();
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    // An explicit stack: a chain of 10,000 handoffs would overflow recursion.
    const work: { node: string; next: string[]; i: number }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: succ(node), i: 0 });
    };
    open(root);
    while (work.length) {
      const top = work[work.length - 1];
      if (top.i < top.next.length) {
        const w = top.next[top.i++];
        if (!index.has(w)) open(w);
        else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node) ?? 0, index.get(w) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(top.node) ?? 0));
      if (low.get(top.node) !== index.get(top.node)) continue;
      // A component closes in reverse topological order: everything it reaches is already done.
      const members: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        members.push(w);
      } while (w !== top.node);
      const keys = new Set<string>();
      for (const m of members) {
        const p = graph.principals.get(m);
        if (p) for (const list of REACH_LISTS) for (const entry of p.fence[list]) keys.add(`${list}\t${entry}`);
      }
      const own = new Set(members);
      for (const m of members)
        for (const n of succ(m)) {
          const other = sccOf.get(n);
          if (other && !own.has(n)) for (const k of other) keys.add(k);
        }
      for (const m of members) sccOf.set(m, keys);
    }
  }
  const out = new Map<string, ReadonlySet<string>>();
  for (const [node, keys] of sccOf) {
    const id = graph.principals.get(node)?.id;
    if (id) out.set(id, keys);
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

/**
 * How each principal present on both sides gains or loses reach through others: a widening that comes
 * from its own fence is the fence's change, not its reach's, and is left to the fence's own diff.
 * `only` limits the principals looked at (history asks about one).
 */
export function reachChanges(before: AccessGraph, after: AccessGraph, only?: readonly string[]): ReachChange[] {
  const a = reachKeysAll(before);
  const b = reachKeysAll(after);
  const found: { action: ReachChange["action"]; id: string; key: string }[] = [];
  for (const id of only ?? [...b.keys()]) {
    const ka = a.get(id);
    const kb = b.get(id);
    if (!ka || !kb || ka === kb) continue;
    const ownAfter = after.byId.get(id)?.fence;
    const ownBefore = before.byId.get(id)?.fence;
    for (const key of kb)
      if (!ka.has(key) && !ownAfter?.[split(key)[0]].includes(split(key)[1])) found.push({ action: "widen", id, key });
    for (const key of ka)
      if (!kb.has(key) && !ownBefore?.[split(key)[0]].includes(split(key)[1]))
        found.push({ action: "narrow", id, key });
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
