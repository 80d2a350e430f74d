import { describe, expect, it } from "vitest";
import { externalConfigured, modelConfigured, type RuntimeEnv, resolveRuntime } from "@/lib/embed/runtime";
import { EMBED_RUNTIMES, type EmbedRuntime } from "@/schemas/embed";
import type { ResolvedRuntime } from "@/schemas/embed-tick";

const MODEL = { modelBaseUrl: "http://localhost:11434/v1", model: "llama3.1" };
const HOST = { externalHost: "https://agents.example.test" };

/**
 * A declared runtime whose dependency is missing resolves to `none` (Construct runs `in-process`
 * regardless and fails later). `auto` prefers the model, then the external host.
 */
const EXPECTED: Record<EmbedRuntime, (model: boolean, host: boolean) => ResolvedRuntime> = {
  auto: (model, host) => (model ? "in-process" : host ? "external" : "none"),
  "in-process": (model) => (model ? "in-process" : "none"),
  external: (_model, host) => (host ? "external" : "none"),
  none: () => "none",
};

const rows = EMBED_RUNTIMES.flatMap((declared) =>
  [true, false].flatMap((model) =>
    [true, false].map((host) => ({ declared, model, host, expected: EXPECTED[declared](model, host) })),
  ),
);

describe("resolveRuntime: every declared runtime × model configured × external host", () => {
  it("covers 4 declared runtimes × model yes/no × host yes/no", () => {
    expect(rows).toHaveLength(16);
    expect([...EMBED_RUNTIMES].sort()).toEqual(["auto", "external", "in-process", "none"]);
  });

  it.each(rows)("$declared, model=$model, host=$host → $expected", ({ declared, model, host, expected }) => {
    const env: RuntimeEnv = { ...(model ? MODEL : {}), ...(host ? HOST : {}) };
    const result = resolveRuntime(declared, env);
    expect(result.declared).toBe(declared);
    expect(result.resolved).toBe(expected);
    if (expected === "none") expect(result.code).toBe("no-runtime");
    else expect(result).not.toHaveProperty("reason");
    expect(typeof result.message).toBe("string");
    expect(result.message.length).toBeGreaterThan(0);
  });
});

describe("resolveRuntime: detail says what ran it or what to set", () => {
  it("names the model and its endpoint when in-process runs", () => {
    expect(resolveRuntime("in-process", MODEL).message).toBe("model llama3.1 at http://localhost:11434/v1");
    const auto = resolveRuntime("auto", { ...MODEL, ...HOST }).message;
    expect(auto).toContain("llama3.1");
    expect(auto).toContain("http://localhost:11434/v1");
  });

  it("names the external host when external runs", () => {
    expect(resolveRuntime("external", HOST).message).toContain("https://agents.example.test");
    const auto = resolveRuntime("auto", HOST).message;
    expect(auto).toContain("no model provider");
    expect(auto).toContain("https://agents.example.test");
  });

  it("in-process without a model says to set both model variables", () => {
    const { message: detail } = resolveRuntime("in-process", HOST);
    expect(detail).toContain("in-process needs a model provider");
    expect(detail).toContain("CONSTRUCT_MODEL_BASE_URL");
    expect(detail).toContain("CONSTRUCT_MODEL ");
    expect(detail).not.toContain("CONSTRUCT_EXTERNAL_AGENT_HOST");
  });

  it("external without a host says to set CONSTRUCT_EXTERNAL_AGENT_HOST", () => {
    const { message: detail } = resolveRuntime("external", MODEL);
    expect(detail).toContain("external needs an agent host");
    expect(detail).toContain("CONSTRUCT_EXTERNAL_AGENT_HOST");
    expect(detail).not.toContain("CONSTRUCT_MODEL");
  });

  it("auto with nothing configured names both ways out", () => {
    const { message: detail } = resolveRuntime("auto", {});
    expect(detail).toContain("no model provider and no external host");
    expect(detail).toContain("CONSTRUCT_MODEL_BASE_URL");
    expect(detail).toContain("CONSTRUCT_MODEL ");
    expect(detail).toContain("CONSTRUCT_EXTERNAL_AGENT_HOST");
  });

  it("none says the runtime is set to none, even with everything configured", () => {
    expect(resolveRuntime("none", { ...MODEL, ...HOST })).toEqual({
      declared: "none",
      resolved: "none",
      code: "no-runtime",
      message: "the runtime is set to none: the capability never reasons",
    });
  });
});

describe("what counts as configured", () => {
  it.each([
    ["both set", MODEL, true],
    ["only the base URL", { modelBaseUrl: MODEL.modelBaseUrl }, false],
    ["only the model", { model: MODEL.model }, false],
    ["blank base URL", { ...MODEL, modelBaseUrl: "" }, false],
    ["whitespace base URL", { ...MODEL, modelBaseUrl: "   " }, false],
    ["blank model", { ...MODEL, model: "" }, false],
    ["whitespace model", { ...MODEL, model: " \t\n" }, false],
    ["neither", {}, false],
  ] as const)("a model provider needs both variables: %s → %s", (_label, env, expected) => {
    expect(modelConfigured(env)).toBe(expected);
    expect(resolveRuntime("in-process", env).resolved).toBe(expected ? "in-process" : "none");
    expect(resolveRuntime("auto", env).resolved).toBe(expected ? "in-process" : "none");
  });

  it.each([
    ["set", "https://agents.example.test", true],
    ["blank", "", false],
    ["whitespace", "   ", false],
    ["absent", undefined, false],
  ] as const)("an external host that is %s → %s", (_label, externalHost, expected) => {
    const env: RuntimeEnv = { externalHost };
    expect(externalConfigured(env)).toBe(expected);
    expect(resolveRuntime("external", env).resolved).toBe(expected ? "external" : "none");
    expect(resolveRuntime("auto", env).resolved).toBe(expected ? "external" : "none");
  });

  it("auto with a half-configured model falls through to the external host", () => {
    expect(resolveRuntime("auto", { modelBaseUrl: MODEL.modelBaseUrl, model: " ", ...HOST })).toMatchObject({
      resolved: "external",
    });
    expect(resolveRuntime("auto", { model: MODEL.model, ...HOST })).toMatchObject({ resolved: "external" });
  });

  it("auto with a blank model and a blank host is none with no-runtime", () => {
    expect(resolveRuntime("auto", { modelBaseUrl: " ", model: "", externalHost: "  " })).toMatchObject({
      resolved: "none",
      code: "no-runtime",
    });
  });
});
