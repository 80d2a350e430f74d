import { mkdtempSync } from "node:fs";
import os from "node:os"; import path from "node:path";
import { readLines } from "@/server/activity/lines";
import { Chain } from "@/lib/activity/chain";
import { mutationOf } from "@/lib/activity/record";
import { ActivityAccumulator } from "@/lib/activity/summary";
import { accessGraphOf } from "@/server/org/access";
import { writeTrail } from "./bench/activity";
import { composeServices } from "@/server/compose";
import { ActivityService } from "@/server/activity/activity-service";
import { installConstruct } from "./test/support/construct-package";
import { sampleAlternately, median } from "./bench/stats";
const root = mkdtempSync(path.join(os.tmpdir(), "m-"));
installConstruct(root);
writeTrail(root, 200000);
const file = path.join(root, ".construct", "audit-trail.jsonl");
const s = composeServices({ root }); const snap = await s.org.snapshot();
const graph = accessGraphOf(snap);
const fences = new Map(); for (const p of graph.principals.values()) if (p.kind === "worker-profile") fences.set(p.id, p.fence);
const fns = [
  () => readLines(file, { start: 0, gzip: false, firstLine: 0 }, () => {}),
  () => { const c = new Chain(); c.startFile("x"); return readLines(file, { start: 0, gzip: false, firstLine: 0 }, (l) => { c.feed(l); mutationOf(l.value, { file: "x", line: l.line }, [root]); }); },
  () => { const c = new Chain(); c.startFile("x"); const acc = new ActivityAccumulator({ fences, since: new Date(0), until: new Date(), filter: { profile: null, tool: null, path: null }, limit: 500 }); return readLines(file, { start: 0, gzip: false, firstLine: 0 }, (l) => { c.feed(l); const e = mutationOf(l.value, { file: "x", line: l.line }, [root]); if (e) acc.add(e); }); },
  () => new ActivityService(s.org, null).summary({ since: "3650d" }),
];
const r = await sampleAlternately(fns, { runs: 5 });
console.log(r.map((x) => median(x).toFixed(0)));
const { Session } = await import("node:inspector/promises");
const session = new Session(); session.connect();
await session.post("Profiler.enable"); await session.post("Profiler.setSamplingInterval", { interval: 100 }); await session.post("Profiler.start");
for (let i = 0; i < 3; i++) await fns[2]();
const { profile } = await session.post("Profiler.stop");
const p = profile as any;
const byId = new Map(p.nodes.map((n: any) => [n.id, n]));
const self = new Map<string, number>();
const dt = p.timeDeltas; const counts = new Map();
p.samples.forEach((id: number, i: number) => counts.set(id, (counts.get(id) || 0) + (dt[i] || 0)));
for (const [id, t] of counts) { const n: any = byId.get(id); const k = n.callFrame.functionName + " " + n.callFrame.url.split("/").slice(-2).join("/") + ":" + n.callFrame.lineNumber + ":" + n.callFrame.columnNumber; self.set(k, (self.get(k) || 0) + t); }
[...self].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([k, t]) => console.log((t / 1000).toFixed(0).padStart(6), k));
