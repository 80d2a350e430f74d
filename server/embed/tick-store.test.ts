import { describe, expect, it } from "vitest";
import type { TickRecord } from "@/schemas/embed-tick";
import { fitRecord, MAX_RECORD_BYTES } from "./tick-store";

const base: TickRecord = {
  id: "operations-triage",
  status: "ran",
  runtime: "in-process",
  trigger: "manual",
  startedAt: "2026-11-29T10:00:00.000Z",
  finishedAt: "2026-11-29T10:00:01.000Z",
  durationMs: 1000,
  proposalsFile: "proposals/operations-triage/x.json",
};
const bytes = (r: TickRecord) => Buffer.byteLength(JSON.stringify(r));

describe("fitRecord: a record always fits what its reader accepts", () => {
  it("leaves an ordinary record as it is", () => {
    const record = {
      ...base,
      output: { classification: "INCIDENT" },
      proposals: [{ id: "p1", title: "Page on-call", detail: "now" }],
    };
    expect(fitRecord(record)).toBe(record);
  });

  it("drops a huge output first, pointing at the proposals file", () => {
    const record = {
      ...base,
      output: { summary: "x".repeat(MAX_RECORD_BYTES) },
      proposals: [{ id: "p1", title: "Page on-call", detail: "now" }],
    };
    const fitted = fitRecord(record);
    expect(fitted.output).toBeUndefined();
    expect(fitted.proposals).toEqual(record.proposals);
    expect(fitted.message).toContain("runtime/proposals/operations-triage/x.json");
    expect(bytes(fitted)).toBeLessThanOrEqual(MAX_RECORD_BYTES);
  });

  it("then cuts long proposal details and, if it must, keeps the first proposals", () => {
    const proposals = Array.from({ length: 400 }, (_, i) => ({
      id: `p${i}`,
      title: `Proposal ${i}`,
      detail: "d".repeat(10_000),
    }));
    const fitted = fitRecord({ ...base, proposals });
    expect(bytes(fitted)).toBeLessThanOrEqual(MAX_RECORD_BYTES);
    expect(fitted.proposals![0].id).toBe("p0");
    expect(fitted.proposals![0].detail).toContain("(cut; whole in runtime/proposals/operations-triage/x.json)");
  });
});
