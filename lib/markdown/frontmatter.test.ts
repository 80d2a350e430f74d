import { describe, expect, it } from "vitest";
import { parseFrontmatter } from "@/lib/markdown/frontmatter";

describe("parseFrontmatter", () => {
  it("splits YAML frontmatter from the body", () => {
    expect(
      parseFrontmatter("---\nrole: architect\nname: cx-architect\ntags: [a, b]\n---\n# Architect\n\nBody.\n"),
    ).toEqual({
      ok: true,
      data: { role: "architect", name: "cx-architect", tags: ["a", "b"] },
      body: "# Architect\n\nBody.\n",
    });
  });

  it("tolerates a byte-order mark", () => {
    expect(parseFrontmatter("\uFEFF---\nrole: qa\n---\nBody")).toEqual({
      ok: true,
      data: { role: "qa" },
      body: "Body",
    });
  });

  it("tolerates CRLF line ends and returns the body with LF", () => {
    expect(parseFrontmatter("---\r\nrole: qa\r\nname: x\r\n---\r\nLine 1\r\nLine 2\r\n")).toEqual({
      ok: true,
      data: { role: "qa", name: "x" },
      body: "Line 1\nLine 2\n",
    });
  });

  it("tolerates leading HTML comments, even with a BOM and CRLF", () => {
    expect(parseFrontmatter("<!-- generated: do not edit -->\n---\nrole: qa\n---\nBody")).toEqual({
      ok: true,
      data: { role: "qa" },
      body: "Body",
    });
    expect(
      parseFrontmatter("\uFEFF<!-- one -->\r\n\r\n<!-- two\r\nlines -->\r\n---\r\nrole: qa\r\n---\r\nBody\r\n"),
    ).toEqual({ ok: true, data: { role: "qa" }, body: "Body\n" });
  });

  // Construct's frontmatter regex needs --- at byte 0 followed by a line end.
  it.each([
    ["a leading blank line", "\n---\nrole: qa\n---\nBody"],
    ["leading spaces", "  ---\nrole: qa\n---\nBody"],
    ["a leading blank line after a BOM", "\uFEFF\n---\nrole: qa\n---\nBody"],
    ["CR-only line ends", "---\rrole: qa\r---\rBody"],
    ["spaces before a leading comment", "  <!-- c -->\n---\nrole: qa\n---\nBody"],
  ])("refuses %s as no frontmatter (Construct: refuses it too)", (_what, source) => {
    expect(parseFrontmatter(source)).toMatchObject({ ok: false, reason: "none" });
  });

  it("keeps a later --- in the body", () => {
    const result = parseFrontmatter("---\nrole: qa\n---\nIntro\n\n---\n\nMore");
    expect(result).toEqual({ ok: true, data: { role: "qa" }, body: "Intro\n\n---\n\nMore" });
  });

  it("reports invalid YAML with reason yaml and the body after it", () => {
    const result = parseFrontmatter("---\nrole: [unclosed\n---\nBody");
    expect(result).toMatchObject({ ok: false, reason: "yaml", body: "Body" });
    expect(result.ok === false && result.message).toMatch(/^the frontmatter is not valid YAML: /);
  });

  it("reports duplicate YAML keys and alias bombs as yaml", () => {
    expect(parseFrontmatter("---\nrole: a\nrole: b\n---\n")).toMatchObject({ ok: false, reason: "yaml" });
    const bomb = [
      "---",
      "a: &a [x,x,x,x,x,x,x,x,x]",
      "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
      "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
      "d: [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
      "---",
      "",
    ].join("\n");
    expect(parseFrontmatter(bomb)).toMatchObject({ ok: false, reason: "yaml" });
  });

  it("reports a file without frontmatter as none, with the whole text as body", () => {
    expect(parseFrontmatter("# Title\n\nrole: qa\n")).toEqual({
      ok: false,
      reason: "none",
      message: "no YAML frontmatter (--- … ---) at the top",
      body: "# Title\n\nrole: qa\n",
    });
    expect(parseFrontmatter("")).toMatchObject({ ok: false, reason: "none" });
  });

  it("reports a missing closing --- as unterminated", () => {
    expect(parseFrontmatter("---\nrole: qa\nBody")).toMatchObject({ ok: false, reason: "unterminated" });
  });

  it.each([
    ["a list", "---\n- a\n- b\n---\nBody"],
    ["a scalar", "---\njust text\n---\nBody"],
    ["nothing", "---\n---\nBody"],
  ])("reports %s as not-a-mapping", (_name, source) => {
    expect(parseFrontmatter(source)).toEqual({
      ok: false,
      reason: "not-a-mapping",
      message: "the frontmatter must be a YAML mapping (key: value lines)",
      body: "Body",
    });
  });
});
