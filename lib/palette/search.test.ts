import { describe, expect, it } from "vitest";
import { emptyOrg } from "@/schemas/kinds";
import { fieldCandidates, fieldPrefixes, openHref, parseOpenParam, recordOfPointer } from "./open-param";
import { danglingRecords, NOT_ON_CANVAS, recordItems } from "./records";
import { groupHits, type SearchItem, searchItems, tokenize } from "./search";

const item = (key: string, group: string, id: string, name?: string, text?: string): SearchItem => ({
  key,
  group,
  id,
  name,
  text,
});

describe("searchItems", () => {
  const items = [
    item("s/a", "Specialists", "cx-qa", "QA", "qa engineer writes tests for every change"),
    item("s/b", "Specialists", "cx-test-runner", "Test Runner", "runs the suite"),
    item("c/c", "Contracts", "qa-to-release", undefined, "cx-qa release"),
    item("p/t", "Policies", "testing", undefined, "honor-system every change ships with tests"),
    item("a/n", "Actions", "new-policy", "New policy", "create add"),
  ];
  const keys = (q: string) => searchItems(items, q).map((h) => h.item.key);

  it("ranks an exact id above a prefix of an id above a word of a name above free text", () => {
    expect(keys("testing")[0]).toBe("p/t");
    expect(keys("test")).toEqual(["p/t", "s/b", "s/a"]);
    expect(keys("cx-qa")).toEqual(["s/a", "c/c"]);
    // Among prefixes of ids, the closer one first, whatever the order of the items.
    const prefixes = [item("p/1", "Policies", "test-strategy"), item("p/2", "Policies", "testing")];
    expect(searchItems(prefixes, "test").map((h) => h.item.id)).toEqual(["testing", "test-strategy"]);
  });

  it("leaves out stop words, unless the query holds nothing else", () => {
    expect(tokenize("who writes the tests")).toEqual(["writes", "tests"]);
    expect(tokenize("the")).toEqual(["the"]);
    // "the" is in no text of these items: kept, it would have found nothing.
    expect(keys("who writes the tests")).toEqual(["s/a"]);
  });

  it("puts a record whose whole name or id is the query first", () => {
    const named = [
      item("s/1", "Specialists", "cx-test-runner-helper", "Test runner helper"),
      item("s/2", "Specialists", "cx-runner", "Test runner"),
    ];
    expect(searchItems(named, "test runner").map((h) => h.item.key)).toEqual(["s/2", "s/1"]);
    expect(searchItems(named, "Test Runner")[0].item.key).toBe("s/2");
    expect(searchItems(named, "cx-runner")[0].item.key).toBe("s/2");
  });

  it("finds policies and contracts by id and by their text, not only nodes", () => {
    expect(keys("qa-to-release")).toEqual(["c/c"]);
    expect(keys("honor")).toEqual(["p/t"]);
    expect(keys("release")[0]).toBe("c/c");
  });

  it("requires every token to match somewhere, in any field", () => {
    expect(keys("new policy")).toEqual(["a/n"]);
    expect(keys("qa engineer")).toEqual(["s/a"]);
    expect(keys("qa nothing-like-this")).toEqual([]);
  });

  it("is case-insensitive and lists everything, in order, for an empty query", () => {
    expect(keys("TESTING")).toEqual(["p/t"]);
    expect(keys("   ")).toEqual(items.map((i) => i.key));
    expect(tokenize("  X  b ")).toEqual(["x", "b"]);
  });

  it("caps hits per group so one large kind cannot crowd out the others", () => {
    const many = [
      ...Array.from({ length: 50 }, (_, i) => item(`s/${i}`, "Specialists", `cx-test-${i}`)),
      item("p/t", "Policies", "testing"),
    ];
    const hits = searchItems(many, "test", 5);
    expect(hits.filter((h) => h.item.group === "Specialists")).toHaveLength(5);
    expect(hits.map((h) => h.item.key)).toContain("p/t");
  });

  it("groups hits under their headings, the group of the best hit first", () => {
    const grouped = groupHits(searchItems(items, "test"));
    expect(grouped.map((g) => g.group)).toEqual(["Policies", "Specialists"]);
    expect(grouped[1].hits.map((h) => h.item.key)).toEqual(["s/b", "s/a"]);
  });
});

describe("recordItems and danglingRecords", () => {
  const org = emptyOrg();
  org.specialists["cx-qa"] = {
    id: "cx-qa",
    name: "qa",
    role: "qa",
    description: "Writes tests",
    when_to_use: "Before a release candidate is cut",
  };
  org.contracts["qa-to-user"] = { id: "qa-to-user", producer: "cx-qa", consumer: "user" };
  org.contracts["ghost-to-qa"] = { id: "ghost-to-qa", producer: "cx-ghost", consumer: "cx-qa" };
  org.policies.testing = { id: "testing", mode: "honor-system", description: "Ships with tests" };

  it("searches a specialist's when_to_use", () => {
    expect(searchItems(recordItems(org), "release candidate").map((h) => h.item.key)).toEqual(["specialists/cx-qa"]);
  });

  it("lists every record of every kind, a contract with a missing party under Not on the canvas", () => {
    const items = recordItems(org);
    expect(items.map((i) => [i.key, i.group])).toEqual([
      ["specialists/cx-qa", "Specialists"],
      ["contracts/ghost-to-qa", NOT_ON_CANVAS],
      ["contracts/qa-to-user", "Contracts"],
      ["policies/testing", "Policies"],
    ]);
    expect(items[1]).toMatchObject({
      kind: "contract",
      entityId: "ghost-to-qa",
      notDrawn: "producer cx-ghost does not exist",
    });
    expect(items[3]).toMatchObject({ kind: "policy", text: expect.stringContaining("Ships with tests") });
  });

  it("finds the dangling contract by its missing party and by id", () => {
    const items = recordItems(org);
    expect(searchItems(items, "cx-ghost").map((h) => h.item.key)).toEqual(["contracts/ghost-to-qa"]);
    expect(danglingRecords(org).map((i) => i.key)).toEqual(["contracts/ghost-to-qa"]);
    expect(danglingRecords(emptyOrg())).toEqual([]);
  });
});

describe("the open parameter and problem pointers", () => {
  it("parses section or kind, an id and an optional field; refuses anything else", () => {
    expect(parseOpenParam("?open=contracts/a-b")).toEqual({ kind: "contract", id: "a-b" });
    expect(parseOpenParam("?open=policy/testing&field=mode")).toEqual({ kind: "policy", id: "testing", field: "mode" });
    expect(parseOpenParam("?open=nonsense/x")).toBeNull();
    expect(parseOpenParam("?open=contracts/")).toBeNull();
    expect(parseOpenParam("?open=contracts/a/b")).toBeNull();
    expect(parseOpenParam("")).toBeNull();
  });

  it("builds the link a /list row opens, which parses back to the same record", () => {
    const href = openHref("policies", "testing", "mode");
    expect(href).toBe("/?open=policies%2Ftesting&field=mode");
    expect(parseOpenParam(href.slice(1))).toEqual({ kind: "policy", id: "testing", field: "mode" });
  });

  it("names the form paths a pointer may be shown at, most precise first", () => {
    expect(fieldCandidates("#/contracts/c/postconditions/0/check")).toEqual([
      "postconditions.0.check",
      "postconditions.0",
      "postconditions",
    ]);
    expect(fieldCandidates("#/contracts/c")).toEqual([]);
    expect(fieldPrefixes("postconditions.0.check")).toEqual(fieldCandidates("#/contracts/c/postconditions/0/check"));
    expect(recordOfPointer("#/policies/a~1b/mode")).toEqual({ section: "policies", kind: "policy", id: "a/b" });
    expect(recordOfPointer("#/nowhere/x")).toBeNull();
  });
});
