import { describe, expect, it } from "vitest";
import { currentSkipReason, skipNotice } from "./skip-notice";

describe("skipNotice: a skip's reason in plain words, with the fix", () => {
  it("no runtime: the fix is what the runtime resolution says to configure", () => {
    expect(
      skipNotice("no-runtime", { runtimeDetail: "the runtime is set to none: the capability never reasons" }),
    ).toEqual({
      code: "no-runtime",
      message: "No model runtime is available, so ticks skip without calling a model.",
      fix: "The runtime is set to none: the capability never reasons.",
    });
  });

  it("nothing new: names what it watches", () => {
    expect(skipNotice("nothing-new", { globs: ["incidents/**/*.md"] })?.fix).toContain("(incidents/**/*.md)");
  });

  it("an unreadable provider: names it by label and id", () => {
    expect(skipNotice("provider-unavailable:slack")?.message).toBe(
      "Slack (slack) cannot be read here: it needs credentials this studio does not hold.",
    );
  });

  it("says nothing when nothing skips, and something for an unknown reason", () => {
    expect(skipNotice(null)).toBeNull();
    expect(skipNotice("something-else")?.message).toBe("Ticks skip: something-else.");
  });
});

describe("currentSkipReason: one reason, in order", () => {
  const base = { runtime: {}, providerBindings: [{ available: true }], lastTick: null };

  it("prefers no runtime, then an unreadable provider, then the last tick's own skip", () => {
    const last = { status: "skipped", code: "nothing-new" };
    const provider = { available: false, code: "provider-unavailable:slack" };
    expect(currentSkipReason({ runtime: { code: "no-runtime" }, providerBindings: [provider], lastTick: last })).toBe(
      "no-runtime",
    );
    expect(currentSkipReason({ ...base, providerBindings: [provider], lastTick: last })).toBe(
      "provider-unavailable:slack",
    );
    expect(currentSkipReason({ ...base, lastTick: last })).toBe("nothing-new");
  });

  it("is null when the last tick ran or failed, or there was none", () => {
    expect(currentSkipReason(base)).toBeNull();
    expect(currentSkipReason({ ...base, lastTick: { status: "ran" } })).toBeNull();
    expect(currentSkipReason({ ...base, lastTick: { status: "error", code: "runtime-error" } })).toBeNull();
  });
});
