import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { LayoutStore } from "./layout-store";

let project: TempProject;
let dir = "";
const file = () => path.join(dir, "studio", "layout.json");

beforeEach(() => {
  project = tempProject({ prefix: "layout-store-" });
  dir = project.root;
});
afterEach(() => project.remove());

describe("LayoutStore folds", () => {
  it("has no folds until some are saved, then reads them back sorted and without repeats", async () => {
    const store = new LayoutStore(dir);
    expect((await store.read()).collapsed).toBeUndefined();
    await store.update({}, ["team:b", "group:a", "team:b"]);
    expect((await store.read()).collapsed).toEqual(["group:a", "team:b"]);
    // An empty list is kept as one: the user unfolded everything, which is not "never said".
    await store.update({}, []);
    expect((await store.read()).collapsed).toEqual([]);
  });

  it("keeps the folds when only positions change, and the positions when only folds do", async () => {
    const store = new LayoutStore(dir);
    await store.update({ "team:a": { x: 1.4, y: 2.6 } }, ["team:a"]);
    await store.update({ "specialist:s": { x: 5, y: 6 } });
    await store.update({}, ["team:a", "team:c"]);
    expect(await store.read()).toEqual({
      version: 1,
      positions: { "specialist:s": { x: 5, y: 6 }, "team:a": { x: 1, y: 3 } },
      collapsed: ["team:a", "team:c"],
    });
  });

  it("refuses a fold list the reader would refuse, writing nothing", async () => {
    const store = new LayoutStore(dir);
    await store.update({}, ["team:a"]);
    const before = readFileSync(file(), "utf8");
    await expect(store.update({}, ["x".repeat(201)])).rejects.toMatchObject({ code: "bad_request" });
    const many = Array.from({ length: 100_001 }, (_, i) => `t${i}`);
    await expect(store.update({}, many)).rejects.toMatchObject({ code: "bad_request" });
    expect(readFileSync(file(), "utf8")).toBe(before);
  });
});
