import { describe, expect, it } from "vitest";
import { freshItems, type LastTickSeen } from "./nothing-new";

const ran = (seen: Record<string, string[]>, status = "ran", code?: string): LastTickSeen => ({
  status,
  code,
  startedAt: "2026-03-10T10:00:00.000Z",
  sources: Object.entries(seen).map(([provider, keys]) => ({ provider, items: keys.length, seen: keys })),
});

describe("freshItems: does a tick have anything new to read?", () => {
  it("nothing to read at all is nothing new, even on the first tick", () => {
    const r = freshItems([{ provider: "directory", keys: [] }], null);
    expect(r.verdict).toBe("nothing-new");
    expect(r.verdict === "nothing-new" && r.message).toMatch(/directory\) returned nothing to read/);
  });

  it("the first tick with items reads them all", () => {
    expect(freshItems([{ provider: "directory", keys: ["a.md@1:10"] }], null)).toEqual({
      verdict: "read",
      fresh: [{ provider: "directory", keys: ["a.md@1:10"] }],
      total: 1,
    });
  });

  it("the same items the last tick's model read are nothing new", () => {
    const r = freshItems(
      [
        { provider: "directory", keys: ["a.md@1:10"] },
        { provider: "git", keys: ["abc1234"] },
      ],
      ran({ directory: ["a.md@1:10", "gone.md@1:3"], git: ["abc1234"] }),
    );
    expect(r.verdict).toBe("nothing-new");
    expect(r.verdict === "nothing-new" && r.message).toMatch(/2 item\(s\) .* already read/);
  });

  it("a changed file (new mtime or size) or a new commit is new", () => {
    const last = ran({ directory: ["a.md@1:10"], git: ["abc1234"] });
    const changed = freshItems(
      [
        { provider: "directory", keys: ["a.md@2:10"] },
        { provider: "git", keys: ["abc1234"] },
      ],
      last,
    );
    expect(changed).toMatchObject({ verdict: "read", fresh: [{ keys: ["a.md@2:10"] }, { keys: [] }] });
    const commit = freshItems(
      [
        { provider: "directory", keys: ["a.md@1:10"] },
        { provider: "git", keys: ["def5678", "abc1234"] },
      ],
      last,
    );
    expect(commit).toMatchObject({ verdict: "read", fresh: [{ keys: [] }, { keys: ["def5678"] }] });
  });

  it("compares with a nothing-new skip as with the run before it, so a quiet stretch keeps skipping", () => {
    const r = freshItems(
      [{ provider: "directory", keys: ["a.md@1:10"] }],
      ran({ directory: ["a.md@1:10"] }, "skipped", "nothing-new"),
    );
    expect(r.verdict).toBe("nothing-new");
  });

  it.each([
    ["an error (the model never answered)", ran({ directory: ["a.md@1:10"] }, "error", "runtime-error")],
    ["a skip for another reason (no runtime)", ran({ directory: ["a.md@1:10"] }, "skipped", "no-runtime")],
  ])("reads again after %s", (_label, last) => {
    expect(freshItems([{ provider: "directory", keys: ["a.md@1:10"] }], last).verdict).toBe("read");
  });

  it("treats a provider the last record did not keep (an older record, a new binding) as all new", () => {
    const r = freshItems(
      [
        { provider: "directory", keys: ["a.md@1:10"] },
        { provider: "git", keys: ["abc1234"] },
      ],
      {
        status: "ran",
        startedAt: "x",
        sources: [
          { provider: "directory", items: 1, seen: ["a.md@1:10"] },
          { provider: "git", items: 1 },
        ],
      },
    );
    expect(r).toMatchObject({ verdict: "read", fresh: [{ keys: [] }, { keys: ["abc1234"] }] });
  });
});
