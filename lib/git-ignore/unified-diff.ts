// The diff a user confirms before the studio changes a file: `diff -u` with three lines of context.

type Op = { kind: " " | "-" | "+"; text: string; a: number; b: number };

/** Lines as `diff` sees them: a final line without a newline is marked, a `\r` is part of its line. */
function linesOf(text: string): string[] {
  if (!text) return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  else lines[lines.length - 1] += "\n\\ No newline at end of file";
  return lines;
}

/** The longest common subsequence over the changed middle; ignore files are small, and a cap bounds the table. */
function editScript(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const ops: Op[] = [];
  for (let i = 0; i < start; i++) ops.push({ kind: " ", text: a[i], a: i, b: i });
  if (midA.length * midB.length <= 4_000_000) {
    const table = Array.from({ length: midA.length + 1 }, () => new Uint32Array(midB.length + 1));
    for (let i = midA.length - 1; i >= 0; i--)
      for (let j = midB.length - 1; j >= 0; j--)
        table[i][j] = midA[i] === midB[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        ops.push({ kind: " ", text: midA[i], a: start + i++, b: start + j++ });
      } else if (i < midA.length && (j === midB.length || table[i + 1][j] >= table[i][j + 1])) {
        ops.push({ kind: "-", text: midA[i], a: start + i++, b: start + j });
      } else {
        ops.push({ kind: "+", text: midB[j], a: start + i, b: start + j++ });
      }
    }
  } else {
    midA.forEach((text, i) => void ops.push({ kind: "-", text, a: start + i, b: start }));
    midB.forEach((text, j) => void ops.push({ kind: "+", text, a: endA, b: start + j }));
  }
  for (let i = endA; i < a.length; i++) ops.push({ kind: " ", text: a[i], a: i, b: i - endA + endB });
  return ops;
}

const range = (start: number, count: number) =>
  count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;

/** `--- a/<file>` / `+++ b/<file>` and its hunks; empty when the texts are equal. */
export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  const ops = editScript(linesOf(before), linesOf(after));
  const changed = ops.flatMap((op, i) => (op.kind === " " ? [] : [i]));
  if (!changed.length) return "";
  const hunks: [number, number][] = [];
  for (const i of changed) {
    const from = Math.max(0, i - context);
    const to = Math.min(ops.length - 1, i + context);
    const last = hunks.at(-1);
    if (last && from <= last[1] + 1) last[1] = to;
    else hunks.push([from, to]);
  }
  const out = [`--- a/${file}`, `+++ b/${file}`];
  for (const [from, to] of hunks) {
    const slice = ops.slice(from, to + 1);
    const aCount = slice.filter((op) => op.kind !== "+").length;
    const bCount = slice.filter((op) => op.kind !== "-").length;
    out.push(`@@ -${range(slice[0].a + 1, aCount)} +${range(slice[0].b + 1, bCount)} @@`);
    for (const op of slice) out.push(`${op.kind}${op.text}`);
  }
  return `${out.join("\n")}\n`;
}
