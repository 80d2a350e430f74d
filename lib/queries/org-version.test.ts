import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/error";
import { headOf, mayHaveMissed, stillBehind, versionOf } from "./org-version";

describe("versionOf: the version an event names", () => {
  it("reads the server's version", () => {
    expect(versionOf('{"version":"3f2a9c1d.4"}')).toBe("3f2a9c1d.4");
  });

  it("names none for an older server's empty data, a null version or anything unreadable", () => {
    expect(versionOf("{}")).toBeNull();
    expect(versionOf('{"version":null}')).toBeNull();
    expect(versionOf('{"version":4}')).toBeNull();
    expect(versionOf("not json")).toBeNull();
    expect(versionOf("null")).toBeNull();
    expect(versionOf(undefined)).toBeNull();
  });
});

describe("mayHaveMissed: whether data of one version can miss a change the server has", () => {
  it("misses nothing when the versions are equal", () => {
    expect(mayHaveMissed("a1.7", "a1.7")).toBe(false);
  });

  it("may miss a change when the versions differ: a change in between, or a restarted server", () => {
    expect(mayHaveMissed("a1.7", "a1.8")).toBe(true);
    expect(mayHaveMissed("a1.7", "b2.7")).toBe(true);
  });

  it("may miss a change when either side is unknown (a page that named none, a server not watching)", () => {
    expect(mayHaveMissed(undefined, "a1.7")).toBe(true);
    expect(mayHaveMissed(null, "a1.7")).toBe(true);
    expect(mayHaveMissed("a1.7", null)).toBe(true);
    expect(mayHaveMissed(null, null)).toBe(true);
  });
});

describe("stillBehind: a query that needs fetching even though nothing was missed", () => {
  const idle = { fetchStatus: "idle", isInvalidated: true };

  it("is behind when its last fetch never reached the server, or its refetch never ran", () => {
    expect(stillBehind({ ...idle, status: "error", error: new TypeError("Failed to fetch") })).toBe(true);
    expect(stillBehind({ ...idle, status: "success", error: null })).toBe(true);
  });

  it("is not behind when the server answered it, even with a refusal", () => {
    expect(
      stillBehind({ ...idle, status: "error", error: new ApiError(422, "not_a_repo", "not a git repository") }),
    ).toBe(false);
    expect(stillBehind({ status: "success", fetchStatus: "idle", isInvalidated: false, error: null })).toBe(false);
  });

  it("is not behind while it is fetching", () => {
    expect(stillBehind({ status: "pending", fetchStatus: "fetching", isInvalidated: false, error: null })).toBe(false);
    expect(stillBehind({ status: "success", fetchStatus: "fetching", isInvalidated: true, error: null })).toBe(false);
  });
});

describe("headOf", () => {
  it("keys the HEAD an event names, and names none for an event without one", () => {
    expect(headOf(JSON.stringify({ version: "v", head: { branch: "main", commit: "abc" } }))).toBe(
      JSON.stringify({ branch: "main", commit: "abc" }),
    );
    expect(headOf(JSON.stringify({ version: "v", head: null }))).toBe("null");
    expect(headOf(JSON.stringify({ version: "v" }))).toBeUndefined();
    expect(headOf("{nope")).toBeUndefined();
    expect(headOf(undefined)).toBeUndefined();
  });
});
