import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  cadenceSchema,
  embedFilterSchema,
  embedManifestSchema,
  embedOverlaySchema,
  embedOverridesBodySchema,
} from "@/schemas/embed";
import { proposalSchema, tickRecordSchema } from "@/schemas/embed-tick";

const WORKFLOWS_DIR = fileURLToPath(new URL("../specialists/workflows", import.meta.url));
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("embedManifestSchema", () => {
  const files = readdirSync(WORKFLOWS_DIR).filter((f) => f.endsWith(".manifest.json"));

  it.each(files)("parses the built-in %s", (file) => {
    const raw = JSON.parse(readFileSync(path.join(WORKFLOWS_DIR, file), "utf8"));
    const parsed = embedManifestSchema.safeParse(raw);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(raw);
    expect(`${parsed.data?.id}.manifest.json`).toBe(file);
  });
});

describe("embedOverridesBodySchema", () => {
  it("defaults to setting and resetting nothing", () => {
    expect(embedOverridesBodySchema.parse({})).toEqual({ set: {}, reset: [] });
  });

  it("accepts each overridable field", () => {
    const body = {
      set: {
        cadence: { every: "PT30M" },
        filter: { scope: { paths: ["notes/**/*.md"] }, predicates: { updatedSince: "P1D" } },
        runtime: "in-process",
      },
      reset: ["cadence", "filter", "runtime"],
    };
    expect(embedOverridesBodySchema.parse(body)).toEqual(body);
  });

  it("accepts a null cadence (switch to event-driven)", () => {
    expect(embedOverridesBodySchema.parse({ set: { cadence: null } })).toEqual({ set: { cadence: null }, reset: [] });
  });

  it.each([[{ enable: true }], [{ set: {}, reset: [], extra: 1 }]])(
    "rejects the unknown top-level key in %j",
    (body) => {
      const result = embedOverridesBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].code).toBe("unrecognized_keys");
    },
  );

  it.each([["framework"], ["specialist"], ["enabled"]])("rejects set.%s, which is not overridable here", (key) => {
    const result = embedOverridesBodySchema.safeParse({ set: { [key]: "x" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: [key], path: ["set"] });
  });

  it("rejects resetting a field that is not overridable", () => {
    const result = embedOverridesBodySchema.safeParse({ reset: ["framework"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(["reset", 0]);
  });

  it("rejects an unknown runtime, naming it and the allowed values", () => {
    const result = embedOverridesBodySchema.safeParse({ set: { runtime: "fast" } });
    expect(messages(result)).toEqual(['runtime must be one of: auto, in-process, external, none (got "fast")']);
  });

  it("rejects an unknown filter key inside set.filter", () => {
    const result = embedOverridesBodySchema.safeParse({ set: { filter: { where: "x" } } });
    expect(messages(result)).toEqual(['unknown filter key "where"; allowed: scope, predicates, nativeQuery']);
  });
});

describe("embedFilterSchema and cadenceSchema", () => {
  it("accepts the embed block's keys", () => {
    const filter = {
      scope: {
        projects: ["OPS"],
        repos: ["org/repo"],
        repoGlob: ["org/*"],
        channels: ["#ops"],
        spaces: ["ENG"],
        paths: ["**/*.md"],
      },
      predicates: {
        assignee: "me",
        statusCategory: ["In Progress"],
        priority: "High",
        label: ["ops", "sev"],
        updatedSince: "P7D",
      },
      nativeQuery: "project = OPS",
    };
    expect(embedFilterSchema.parse(filter)).toEqual(filter);
  });

  it("names every unknown key", () => {
    expect(messages(embedFilterSchema.safeParse({ scope: { folders: [], teams: [] } }))).toEqual([
      'unknown filter.scope keys "folders", "teams"; allowed: projects, repos, repoGlob, channels, spaces, paths',
    ]);
  });

  it("rejects a blank scope entry", () => {
    expect(messages(embedFilterSchema.safeParse({ scope: { paths: [""] } }))).toEqual([
      "each entry of filter.scope.paths must not be empty",
    ]);
  });

  it.each([[null], [{ every: "PT15M" }]])("cadence accepts %j", (cadence) => {
    expect(cadenceSchema.parse(cadence)).toEqual(cadence);
  });

  it.each([["PT15M"], [{}], [{ every: 15 }], [{ every: "PT15M", at: "09:00" }]])("cadence rejects %j", (cadence) => {
    expect(cadenceSchema.safeParse(cadence).success).toBe(false);
  });
});

describe("embedOverlaySchema", () => {
  it("accepts an overlay with nothing but enabled", () => {
    expect(embedOverlaySchema.parse({ embed: { enabled: true } })).toEqual({ embed: { enabled: true } });
  });

  it("keeps the overlay's fields as given", () => {
    const overlay = {
      id: "operations-triage",
      embed: { enabled: false, cadence: { every: "PT30M" }, runtime: "none" },
    };
    expect(embedOverlaySchema.parse(overlay)).toEqual(overlay);
  });
});

describe("proposalSchema", () => {
  it("defaults detail to an empty string", () => {
    expect(proposalSchema.parse({ title: "Page the on-call" })).toEqual({ title: "Page the on-call", detail: "" });
  });

  it.each([[{}], [{ title: "" }], [{ title: "   " }], [{ title: 3 }]])("requires a non-empty title: %j", (proposal) => {
    expect(proposalSchema.safeParse(proposal).success).toBe(false);
  });
});

describe("tickRecordSchema", () => {
  const ran = {
    id: "operations-triage",
    status: "ran",
    message: "model llama3.1 at http://localhost:11434/v1",
    runtime: "in-process",
    trigger: "schedule",
    startedAt: "2026-03-10T12:00:00.000Z",
    finishedAt: "2026-03-10T12:00:04.512Z",
    durationMs: 4512,
    sources: [{ provider: "directory", items: 3 }],
    output: {
      classification: "INCIDENT",
      severity: "SEV2",
      owner: "cx-operations",
      nextUpdate: "2026-03-10T14:00:00Z",
      proposals: [{ title: "Open an incident channel", detail: "Checkout latency above SLO" }],
    },
    proposals: [
      {
        id: "p-20260310T120004-1",
        title: "Open an incident channel",
        detail: "Checkout latency above SLO",
        action: "create-channel",
        target: "#inc-checkout",
      },
    ],
    proposalsFile: "runtime/proposals/operations-triage/2026-03-10T12-00-04.json",
  };

  it("accepts a realistic ran record unchanged", () => {
    expect(tickRecordSchema.parse(ran)).toEqual(ran);
  });

  it("reads a record written before the why was named code and message", () => {
    const { message, ...rest } = ran;
    const old = { ...rest, status: "skipped", reason: "nothing-new", detail: message };
    const read = tickRecordSchema.parse(old);
    expect(read).toMatchObject({ code: "nothing-new", message });
    expect(read).not.toHaveProperty("reason");
    expect(read).not.toHaveProperty("detail");
  });

  it.each([
    [
      {
        id: "operations-briefing",
        status: "skipped",
        code: "no-runtime",
        message: "no model provider and no external host",
        runtime: "none",
        trigger: "schedule",
        startedAt: "2026-03-10T12:00:00.000Z",
        finishedAt: "2026-03-10T12:00:00.002Z",
        durationMs: 2,
      },
    ],
    [
      {
        id: "operations-briefing",
        status: "skipped",
        code: "provider-unavailable:slack",
        runtime: "in-process",
        trigger: "manual",
        startedAt: "2026-03-10T12:00:00.000Z",
        finishedAt: "2026-03-10T12:00:00.010Z",
        durationMs: 10,
      },
    ],
    [
      {
        id: "operations-triage",
        status: "error",
        code: "output-contract-violation",
        violations: ['missing required field "owner"'],
        runtime: "in-process",
        trigger: "manual",
        startedAt: "2026-03-10T12:00:00.000Z",
        finishedAt: "2026-03-10T12:00:03.000Z",
        durationMs: 3000,
      },
    ],
  ])("accepts the skipped/error record %#", (record) => {
    expect(tickRecordSchema.parse(record)).toEqual(record);
  });

  it("fills a proposal's missing detail with an empty string", () => {
    const { detail: _d, ...proposal } = ran.proposals[0];
    expect(tickRecordSchema.parse({ ...ran, proposals: [proposal] }).proposals?.[0].detail).toBe("");
  });

  it.each([
    ["an upstream status", { status: "skipped-with-reason" }],
    ["an unresolved runtime", { runtime: "auto" }],
    ["an unknown trigger", { trigger: "webhook" }],
    ["a string duration", { durationMs: "4512" }],
    ["a proposal without an id", { proposals: [{ title: "x", detail: "" }] }],
    ["a proposal without a title", { proposals: [{ id: "p1", detail: "" }] }],
    ["a source without a count", { sources: [{ provider: "directory" }] }],
    ["an output that is not an object", { output: "INCIDENT" }],
  ])("rejects %s", (_label, patch) => {
    expect(tickRecordSchema.safeParse({ ...ran, ...patch }).success).toBe(false);
  });

  it.each(["id", "status", "runtime", "trigger", "startedAt", "finishedAt", "durationMs"])("requires %s", (field) => {
    const record: Record<string, unknown> = { ...ran };
    delete record[field];
    expect(tickRecordSchema.safeParse(record).success).toBe(false);
  });
});
