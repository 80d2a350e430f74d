import { describe, expect, it } from "vitest";
import { markersFor } from "@/lib/editor/json-markers";
import type { FieldError } from "@/schemas/field-error";

const record = {
  id: "x",
  name: "x",
  modelTier: "enormous",
  skills: ["development/refactoring", "not a skill", "product/requirements"],
  fence: { allowedPaths: ["src/**"], approvalRequired: ["commit"] },
  "a/b": { "c~d": "escaped" },
};
const text = JSON.stringify(record, null, 2);

const problem = (location: string, severity: FieldError["severity"] = "error", id = "rule-id"): FieldError => ({
  id,
  severity,
  message: `at ${location}`,
  location,
});

/** The one marker for one problem, as the text it covers. */
function covered(location: string, source = text): { text: string; offset: number } {
  const markers = markersFor(source, [problem(location)]);
  expect(markers).toHaveLength(1);
  const [m] = markers;
  return { text: source.slice(m.offset, m.offset + m.length), offset: m.offset };
}

describe("markersFor", () => {
  it("marks the value at the pointer", () => {
    const offset = text.indexOf('"enormous"');
    expect(offset).toBeGreaterThan(0);
    const [marker] = markersFor(text, [problem("#/specialists/x/modelTier", "error", "custom-specialist-model-tier")]);
    expect(marker).toEqual({
      offset,
      length: '"enormous"'.length,
      message: "at #/specialists/x/modelTier",
      severity: "error",
      source: "custom-specialist-model-tier",
    });
  });

  it("marks an array item by its index", () => {
    expect(covered("#/specialists/x/skills/1")).toEqual({
      text: '"not a skill"',
      offset: text.indexOf('"not a skill"'),
    });
    expect(covered("#/specialists/x/fence/allowedPaths/0")).toEqual({
      text: '"src/**"',
      offset: text.indexOf('"src/**"'),
    });
  });

  it("keeps each problem's severity and rule id, in order", () => {
    const markers = markersFor(text, [
      problem("#/specialists/x/name", "warning", "w1"),
      problem("#/specialists/x/modelTier", "error", "e1"),
    ]);
    expect(markers.map((m) => [m.severity, m.source, text.slice(m.offset, m.offset + m.length)])).toEqual([
      ["warning", "w1", '"x"'],
      ["error", "e1", '"enormous"'],
    ]);
  });

  it("marks the closest existing ancestor of a missing field", () => {
    // fence.deniedActions is absent: the fence object is marked, starting at its property name.
    const fence = covered("#/specialists/x/fence/deniedActions/0");
    expect(fence.offset).toBe(text.indexOf('"fence"'));
    // skills/7 is past the end of the array: the array is marked.
    expect(covered("#/specialists/x/skills/7").offset).toBe(text.indexOf("[", text.indexOf('"skills"')));
    // A field missing at the top: the whole record.
    expect(covered("#/specialists/x/description")).toEqual({ text: "{", offset: 0 });
  });

  it("covers the property name of an ancestor object, as the module promises, so the squiggle is visible", () => {
    expect(covered("#/specialists/x/fence/deniedActions").text).toMatch(/^"fence"/);
  });

  it("marks a whole-entity problem at the start of the record", () => {
    expect(covered("#/specialists/x")).toEqual({ text: "{", offset: 0 });
  });

  it("follows escaped pointer segments", () => {
    expect(covered("#/specialists/x/a~1b/c~0d")).toEqual({ text: '"escaped"', offset: text.indexOf('"escaped"') });
  });

  it('reads an all-digit segment as an object key inside an object (an unknown fence field named "0")', () => {
    const source = JSON.stringify({ id: "x", fence: { allowedPaths: ["src/**"], "0": "stray" } }, null, 2);
    expect(covered("#/specialists/x/fence/0", source)).toEqual({ text: '"stray"', offset: source.indexOf('"stray"') });
  });

  it("gives every marker at least one character", () => {
    const markers = markersFor('{"a": ""}', [problem("#/specialists/x/a")]);
    expect(markers).toHaveLength(1);
    expect(markers[0].length).toBeGreaterThanOrEqual(1);
  });

  it("does not crash on unparseable text", () => {
    for (const bad of ["", "{", "not json", '{"modelTier": ', "[1, 2", "}}}"]) {
      const markers = markersFor(bad, [problem("#/specialists/x/modelTier")]);
      expect(Array.isArray(markers)).toBe(true);
      for (const m of markers) {
        expect(m.offset).toBeGreaterThanOrEqual(0);
        expect(m.offset + m.length).toBeLessThanOrEqual(Math.max(bad.length, 1));
      }
    }
  });

  it("still marks the value in a record with a trailing syntax error", () => {
    const broken = '{\n  "modelTier": "enormous",\n  "skills": [\n';
    expect(covered("#/specialists/x/modelTier", broken)).toEqual({
      text: '"enormous"',
      offset: broken.indexOf('"enormous"'),
    });
  });

  it("returns no markers when there are no problems", () => {
    expect(markersFor(text, [])).toEqual([]);
  });
});
