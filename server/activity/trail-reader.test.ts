import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChainVerdict } from "@/schemas/activity";
import { constructPackage } from "@/test/support/construct-package";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";
import { appendMutations, appendReset, constructVerify, hook, type Mutation } from "./test-support/construct-records";
import { TrailReader } from "./trail-reader";

// Every chain here is written by Construct 2.1.1's own code, and `construct audit trail --verify` is
// the judge: the studio's verdict on the active file must be the words Construct prints.

let p: TempProject;
const trail = () => path.join(p.root, ".construct", "audit-trail.jsonl");
const show = (file: string) => path.relative(p.root, file);

beforeEach(() => {
  p = tempProject({ prefix: "cs-activity-trail-" });
  mkdirSync(path.join(p.root, ".construct"), { recursive: true });
});
afterEach(() => p.remove());

const rows = (n: number, from = 0, agent = "cx-engineer"): Mutation[] =>
  Array.from({ length: n }, (_, i) => ({
    ts: new Date(Date.UTC(2026, 10, 1, 9, 0, from + i)).toISOString(),
    agent,
    tool: i % 3 === 0 ? "Bash" : "Edit",
    target: i % 3 === 0 ? `git add src/f${from + i}.ts` : `src/f${from + i}.ts`,
  }));

async function read(reader = new TrailReader(trail(), { chain: true, display: show })) {
  const lines: { file: string; line: number }[] = [];
  const out = await reader.read((line, file) => lines.push({ file, line: line.line }));
  return { ...out, lines, verdict: out.verdict as ChainVerdict, reader };
}

/** The studio and Construct agree on the active file, and the studio read nothing into the disk. */
async function agree(): Promise<Awaited<ReturnType<typeof read>> & { construct: string; status: number }> {
  const before = snapshotContent(path.join(p.root, ".construct"));
  const r = await read();
  const judge = constructVerify(p);
  expect(r.verdict.construct.text).toBe(judge.text);
  expect(r.verdict.construct.ok).toBe(judge.status === 0);
  expect(snapshotContent(path.join(p.root, ".construct"))).toEqual(before);
  return { ...r, construct: judge.text, status: judge.status };
}

const lines = () => readFileSync(trail(), "utf8").split("\n");
const rewrite = (edit: (lines: string[]) => string[]) => writeFileSync(trail(), edit(lines()).join("\n"));

describe("the hash chain, judged by construct audit trail --verify", { timeout: 120_000 }, () => {
  it("agrees on an intact trail written by Construct's hooks and writer", async () => {
    const file = path.join(p.root, "docs", "a.md");
    mkdirSync(path.dirname(file));
    writeFileSync(file, "a\n");
    hook(p, "audit-trail", { tool_name: "Write", tool_input: { file_path: file, content: "a\n" } });
    hook(p, "audit-trail", { tool_name: "Bash", tool_input: { command: "git commit -m x" } });
    appendMutations(p, rows(5));
    const r = await agree();
    expect(r.construct).toBe("Audit chain OK — 7 records verified.");
    expect(r.verdict).toMatchObject({ ok: true, verified: 7, legacy: 0, issues: [] });
  });

  it("names the same line as Construct when a line is edited, with the hash it expected", async () => {
    appendMutations(p, rows(5));
    rewrite((l) => l.map((line, i) => (i === 2 ? line.replace("src/f2.ts", "src/f9.ts") : line)));
    const r = await agree();
    expect(r.status).toBe(1);
    expect(r.verdict.issues).toEqual([
      expect.objectContaining({
        file: ".construct/audit-trail.jsonl",
        line: 4,
        reason: "prev_line_hash mismatch — chain break",
      }),
    ]);
    expect(r.verdict.issues[0].expected).toMatch(/^[0-9a-f]{64}$/);
    expect(r.verdict.issues[0].actual).not.toBe(r.verdict.issues[0].expected);
  });

  it("agrees on a non-JSON line, a line of JSON null and CRLF line ends", async () => {
    appendMutations(p, rows(4));
    rewrite((l) => [...l.slice(0, 2), "this is not json", ...l.slice(2)]);
    const r = await agree();
    expect(r.verdict.issues.map((i) => [i.line, i.reason])).toEqual([
      [3, "malformed JSON"],
      [4, "prev_line_hash mismatch — chain break"],
    ]);
    rewrite((l) => l.map((line, i) => (i === 2 ? "null" : line)));
    const withNull = await read();
    const judge = constructVerify(p);
    // Construct's verifier crashes on a line of JSON null; the studio reports it and reads on.
    expect(judge.status).toBe(1);
    expect(judge.text).toContain(withNull.verdict.construct.text);
    expect(withNull.verdict.construct.text).toMatch(/^TypeError/);
    expect(withNull.verdict.issues[0]).toMatchObject({ line: 3 });
    rewrite((l) => l.filter((x) => x !== "null").map((line) => (line ? `${line}\r` : line)));
    await agree();
  });

  it("reads a last line cut off by a killed writer, as Construct does, and says so", async () => {
    appendMutations(p, rows(4));
    const text = readFileSync(trail(), "utf8");
    writeFileSync(trail(), text.slice(0, text.length - 40));
    const r = await agree();
    expect(r.construct).toMatch(/line 4: malformed JSON/);
    expect(r.notes).toContainEqual({
      file: ".construct/audit-trail.jsonl",
      line: 4,
      message: expect.stringMatching(/no line end .* cut off/),
    });
    // Construct's next append joins the cut line; both still agree.
    appendMutations(p, rows(1, 10));
    await agree();
  });

  it("hashes a line that is not UTF-8 as Construct does, after decoding it", async () => {
    appendMutations(p, rows(2));
    const bad = Buffer.concat([
      Buffer.from('{"ts":"2026-11-01T09:00:05.000Z","agent":"cx-qa","tool":"Edit","target":"src/'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('.ts"}\n'),
    ]);
    appendFileSync(trail(), bad);
    appendMutations(p, rows(2, 10));
    const r = await agree();
    expect(r.construct).toMatch(/^Audit chain BROKEN — 1 issue across 5 records:\n {2}line 3: prev_line_hash mismatch/);
    expect(r.verdict.issues.map((i) => i.line)).toEqual([3]);
  });

  it("starts over at the last chain reset: damage before it is legacy, for both", async () => {
    appendMutations(p, rows(4));
    rewrite((l) => l.map((line, i) => (i === 1 ? line.replace("f1", "f7") : line)));
    appendReset(p, "2026-11-02T00:00:00.000Z");
    appendMutations(p, rows(2, 20));
    const r = await agree();
    expect(r.verdict).toMatchObject({ ok: true, verified: 3, legacy: 4 });
  });
});

describe("beyond Construct: rotated and gzipped segments", { timeout: 180_000 }, () => {
  const ROTATE = { CONSTRUCT_AUDIT_TRAIL_MAX_MB: "0.001" };
  const segments = () => lsConstruct().filter((n) => /^audit-trail\.\d+\.jsonl/.test(n));
  const lsConstruct = () =>
    Object.keys(snapshotContent(path.join(p.root, ".construct"))).filter((n) => !n.includes("/"));

  it("follows the chain across Construct's rotation, where Construct checks the active file only", async () => {
    appendMutations(p, rows(14), { env: ROTATE });
    expect(segments().length).toBeGreaterThan(1);
    const r = await agree();
    const total = r.lines.length;
    expect(r.verdict).toMatchObject({ ok: true, verified: total, issues: [] });
    expect(r.notes.map((n) => n.message).join("\n")).toMatch(/segments before .* are gone|^$/);
    // The last line of a segment edited: Construct never sees it; the studio names the segment whose first line does not chain.
    const [first, second] = segments().sort((a, b) => Number(a.split(".")[1]) - Number(b.split(".")[1]));
    const file = path.join(p.root, ".construct", first);
    const seg = readFileSync(file, "utf8").split("\n");
    seg[seg.length - 2] = seg[seg.length - 2].replace("src/", "lib/");
    writeFileSync(file, seg.join("\n"));
    const broken = await agree();
    expect(broken.status).toBe(0);
    expect(broken.verdict.ok).toBe(false);
    expect(broken.verdict.issues).toEqual([
      expect.objectContaining({
        file: `.construct/${second}`,
        line: 1,
        reason: expect.stringMatching(/does not chain to the last line of \.construct\//),
      }),
    ]);
  });

  it("reads a gzipped segment, and names a corrupt one without calling the chain broken", async () => {
    appendMutations(p, rows(14), { env: ROTATE });
    const [first, second] = segments().sort((a, b) => Number(a.split(".")[1]) - Number(b.split(".")[1]));
    const plain = path.join(p.root, ".construct", first);
    writeFileSync(`${plain}.gz`, gzipSync(readFileSync(plain)));
    renameSync(plain, `${plain}.trash`);
    const intact = await read();
    expect(intact.verdict).toMatchObject({ ok: true });
    expect(intact.verdict.segments).toContain(`.construct/${first}.gz`);
    const gz = readFileSync(`${plain}.gz`);
    writeFileSync(`${plain}.gz`, gz.subarray(0, gz.length - 12));
    const corrupt = await agree();
    expect(corrupt.verdict.ok).toBe(true);
    expect(corrupt.notes).toContainEqual(
      expect.objectContaining({
        file: `.construct/${first}.gz`,
        message: expect.stringMatching(/could not be read to its end/),
      }),
    );
    // A segment missing between two others, and one that cannot be read (a folder in its place).
    renameSync(path.join(p.root, ".construct", second), path.join(p.root, ".construct", "gone"));
    const gap = await agree();
    expect(gap.notes.map((n) => n.message).join("\n")).toMatch(/missing: the chain across it is not checked/);
    mkdirSync(path.join(p.root, ".construct", second));
    const folder = await agree();
    expect(folder.notes).toContainEqual(
      expect.objectContaining({ file: `.construct/${second}`, message: expect.stringMatching(/could not be read/) }),
    );
    expect(folder.verdict.ok).toBe(true);
  });
});

describe("following appends", { timeout: 120_000 }, () => {
  it("notices a line edited in place behind what it has read, and asks to read again, as Construct's verify finds it", async () => {
    appendMutations(p, rows(4));
    const first = await read();
    expect(first.verdict.ok).toBe(true);
    // A longer path on line 2: every byte after it moves, though the file only grew.
    rewrite((l) => l.map((text, i) => (i === 1 ? text.replace("src/f", "src/edited/f") : text)));
    appendMutations(p, rows(1, 4));
    const followed = await read(first.reader);
    expect(followed.restart).toBe(true);
    const again = await agree();
    expect(again.verdict.ok).toBe(false);
    expect(again.verdict.issues.map((i) => i.line)).toEqual([3]);
    expect(again.status).toBe(1);
  });

  it("reads only what was appended since, across a rotation, with the chain carried on", async () => {
    appendMutations(p, rows(3));
    const first = await read();
    expect(first.lines).toHaveLength(3);
    appendMutations(p, rows(2, 3));
    const second = await read(first.reader);
    expect(second.lines.map((l) => l.line)).toEqual([4, 5]);
    expect(second.verdict).toMatchObject({ ok: true, verified: 5 });
    appendMutations(p, rows(12, 5), { env: { CONSTRUCT_AUDIT_TRAIL_MAX_MB: "0.001" } });
    const third = await read(second.reader);
    expect(third.restart).toBe(false);
    expect(third.lines).toHaveLength(12);
    expect(third.verdict.ok).toBe(true);
    expect(third.verdict.construct.text).toBe(constructVerify(p).text);
  });

  it("keeps up with Construct appending while the studio reads", async () => {
    appendMutations(p, rows(20));
    const dir = constructPackage().dir;
    const script = `const { appendAuditRecord } = await import(${JSON.stringify(pathToFileURL(path.join(dir, "lib", "audit-trail.mjs")).href)});
for (let i = 0; i < 60; i++) appendAuditRecord({ ts: new Date(Date.UTC(2026, 10, 2, 0, 0, i)).toISOString(), tool: "Edit", agent: "cx-qa", target: "src/x.ts", detail: "x" }, { file: ${JSON.stringify(trail())} });`;
    const writer = spawn(process.execPath, ["--input-type=module", "-e", script], {
      env: {
        PATH: process.env.PATH,
        HOME: p.home,
        CONSTRUCT_DOCTOR_ROOT: path.join(p.root, ".construct"),
      } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
      stdio: "ignore",
    });
    const done = new Promise<number | null>((resolve) => writer.on("exit", resolve));
    const reader = new TrailReader(trail(), { chain: true, display: show });
    let seen = 0;
    let finished = false;
    void done.then(() => {
      finished = true;
    });
    while (!finished) seen += (await read(reader)).lines.length;
    expect(await done).toBe(0);
    const last = await read(reader);
    seen += last.lines.length;
    expect(seen).toBe(80);
    expect(last.verdict).toMatchObject({ ok: true, verified: 80 });
    expect(last.verdict.construct.text).toBe(constructVerify(p).text);
  });

  it("hashes a line over 1 MB without reading it, and goes on", async () => {
    appendMutations(p, [
      ...rows(2),
      { ...rows(1, 5)[0], tool: "Bash", target: `echo ${"x".repeat(1_100_000)} > big.txt` },
      ...rows(2, 6),
    ]);
    const r = await agree();
    expect(r.construct).toBe("Audit chain OK — 5 records verified.");
    expect(r.verdict.ok).toBe(true);
    expect(r.lines).toHaveLength(5);
  });
});
