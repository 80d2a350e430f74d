import fs from "node:fs/promises";
import path from "node:path";
import { orderKeys, stringifyRecord } from "@/lib/json/safe-json";
import { enabledSinceSchema } from "@/schemas/embed";
import { type TickRecord, tickRecordSchema } from "@/schemas/embed-tick";
import { readJsonFile } from "../store/read";
import { sweepDeadTemps } from "../store/transaction";
import { atomicWrite, confinedPath, ensureGitIgnored } from "../store/write";

/** Proposal files kept per capability; older ones are pruned after each tick. */
export const KEEP_PROPOSAL_FILES = 50;

/** A record stays well under what the reader accepts (1 MiB); the whole answer is in the proposals file. */
export const MAX_RECORD_BYTES = 256 * 1024;
const MAX_DETAIL_CHARS = 2000;

/** The output goes first (the proposals file keeps it whole), then long proposal details are cut, saying so. */
export function fitRecord(record: TickRecord): TickRecord {
  const size = (r: TickRecord) => Buffer.byteLength(JSON.stringify(r));
  if (size(record) <= MAX_RECORD_BYTES) return record;
  const { output: _output, ...rest } = record;
  const where = record.proposalsFile ? `runtime/${record.proposalsFile}` : "the proposals file";
  let fitted: TickRecord = {
    ...rest,
    message: `${record.message ? `${record.message}; ` : ""}the answer is too large for this record, see ${where}`,
  };
  if (size(fitted) <= MAX_RECORD_BYTES) return fitted;
  const proposals = (record.proposals ?? []).map((p) => ({
    ...p,
    title: p.title.slice(0, 200),
    detail:
      p.detail.length > MAX_DETAIL_CHARS
        ? `${p.detail.slice(0, MAX_DETAIL_CHARS)}… (cut; whole in ${where})`
        : p.detail,
  }));
  let kept = proposals;
  fitted = { ...fitted, proposals: kept };
  while (size(fitted) > MAX_RECORD_BYTES && kept.length > 1) {
    kept = kept.slice(0, Math.ceil(kept.length / 2));
    fitted = { ...fitted, proposals: kept };
  }
  return fitted;
}

/** Under `<proj>/runtime/` (state, not config); every file written atomically, so no reader sees a torn record. */
export class TickStore {
  readonly recordsDir: string;
  readonly proposalsDir: string;

  constructor(private readonly runtimeDir: string) {
    this.recordsDir = path.join(runtimeDir, "embed");
    this.proposalsDir = path.join(runtimeDir, "proposals");
    this.enabledDir = path.join(runtimeDir, "embed", "enabled");
  }

  private readonly enabledDir: string;

  private recovery: Promise<unknown> | null = null;

  /** Once per process, before the first read. */
  recover(): Promise<unknown> {
    this.recovery ??= sweepDeadTemps(this.runtimeDir, 2).catch(() => 0);
    return this.recovery;
  }

  async read(id: string): Promise<{ record: TickRecord | null; message?: string }> {
    await this.recover();
    const read = await readJsonFile(confinedPath(this.recordsDir, `${id}.json`));
    if (!read.ok)
      return read.code === "missing" ? { record: null } : { record: null, message: `${id}.json: ${read.message}` };
    const parsed = tickRecordSchema.safeParse(read.value);
    return parsed.success
      ? { record: parsed.data }
      : { record: null, message: `${id}.json is not a tick record: ${parsed.error.issues[0]?.message}` };
  }

  async write(record: TickRecord): Promise<void> {
    await this.recover();
    await ensureGitIgnored(this.runtimeDir);
    const ordered = orderKeys(fitRecord(record), [
      "id",
      "status",
      "code",
      "message",
      "runtime",
      "trigger",
      "startedAt",
      "finishedAt",
      "durationMs",
    ]);
    await atomicWrite(this.runtimeDir, confinedPath(this.recordsDir, `${record.id}.json`), stringifyRecord(ordered));
  }

  /** Runtime state, not config, so enabling leaves no timestamp in a reviewed file. */
  async readEnabledSince(id: string): Promise<string | null> {
    await this.recover();
    const read = await readJsonFile(confinedPath(this.enabledDir, `${id}.json`));
    if (!read.ok) return null;
    const parsed = enabledSinceSchema.safeParse(read.value);
    return parsed.success ? parsed.data.enabledSince : null;
  }

  async writeEnabledSince(id: string, at: Date): Promise<void> {
    await this.recover();
    await ensureGitIgnored(this.runtimeDir);
    await atomicWrite(
      this.runtimeDir,
      confinedPath(this.enabledDir, `${id}.json`),
      stringifyRecord({ enabledSince: at.toISOString() }),
    );
  }

  async clearEnabledSince(id: string): Promise<void> {
    await fs.rm(confinedPath(this.enabledDir, `${id}.json`), { force: true });
  }

  async writeProposals(id: string, startedAt: string, content: unknown): Promise<string> {
    const dir = confinedPath(this.proposalsDir, id);
    const name = `${startedAt.replace(/[:.]/g, "-")}.json`;
    await atomicWrite(this.runtimeDir, confinedPath(dir, name), stringifyRecord(content));
    const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
    for (const old of files.slice(0, Math.max(0, files.length - KEEP_PROPOSAL_FILES)))
      await fs.rm(path.join(dir, old), { force: true });
    return `proposals/${id}/${name}`;
  }
}
