import { describe, expect, it } from "vitest";
import { matchesFind, parseTestsAddress, testsHref } from "./tests-address";

const parse = (query: string) => parseTestsAddress(new URLSearchParams(query));

describe("/tests's address", () => {
  it("reads the filter and the pages, ignoring what it does not know", () => {
    expect(parse("")).toEqual({ failures: false, find: "", results: 1, coverage: 1 });
    expect(parse("failures=1&results=3&coverage=2&find=%20cx-%20&other=x")).toEqual({
      failures: true,
      find: "cx-",
      results: 3,
      coverage: 2,
    });
    expect(parse("failures=yes&results=-2&coverage=1.5")).toEqual(parse(""));
  });

  it("writes back only what differs from the first pages of everything", () => {
    expect(testsHref(parse(""))).toBe("/tests");
    const address = { failures: true, find: " writer ", results: 2, coverage: 4 };
    expect(testsHref(address)).toBe("/tests?failures=1&results=2&find=writer&coverage=4");
    expect(parse(testsHref(address).split("?")[1])).toEqual({ ...address, find: "writer" });
  });

  it("finds a principal by every word of its id, in any case", () => {
    expect(matchesFind("cx-Reviewer", "")).toBe(true);
    expect(matchesFind("cx-reviewer", "REV cx")).toBe(true);
    expect(matchesFind("cx-reviewer", "rev writer")).toBe(false);
  });
});
