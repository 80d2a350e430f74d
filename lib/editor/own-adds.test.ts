import { describe, expect, it } from "vitest";
import { noteOwnAdd, takeOwnAdd } from "./own-adds";

describe("own adds", () => {
  it("answers yes once per add of the page's own, then no until the next", () => {
    expect(takeOwnAdd()).toBe(false);
    noteOwnAdd();
    noteOwnAdd();
    expect(takeOwnAdd()).toBe(true);
    expect(takeOwnAdd()).toBe(false);
  });
});
