import { readdir } from "node:fs/promises";
import path from "node:path";

/**
 * The files of one records channel as Construct 2.1.1 rotates them: `audit-trail.jsonl` is the
 * active file; when it would pass its cap it is renamed `audit-trail.<n>.jsonl` with n one above the
 * highest there, so the highest n is the newest segment and the lowest ones are pruned first.
 * Construct writes segments plain, but its rotation lists `.jsonl.gz` ones too, so they are read.
 */

export type Segment = { name: string; file: string; index: number | null; gzip: boolean };

/** The segments beside `active`, oldest first, then the active file when it exists. */
export async function segmentsOf(active: string): Promise<Segment[]> {
  const dir = path.dirname(active);
  const base = path.basename(active);
  const ext = path.extname(base);
  const stem = base.slice(0, base.length - ext.length);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const pattern = new RegExp(`^${literal(stem)}\\.(\\d+)${literal(ext)}(\\.gz)?$`);
  const segments: Segment[] = [];
  let hasActive = false;
  for (const name of names) {
    if (name === base) hasActive = true;
    const m = pattern.exec(name);
    if (m) segments.push({ name, file: path.join(dir, name), index: Number(m[1]), gzip: !!m[2] });
  }
  segments.sort((a, b) => (a.index ?? 0) - (b.index ?? 0) || Number(a.gzip) - Number(b.gzip));
  if (hasActive) segments.push({ name: base, file: active, index: null, gzip: false });
  return segments;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
