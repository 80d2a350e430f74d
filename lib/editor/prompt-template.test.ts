import { describe, expect, it } from "vitest";
import { promptTemplate } from "@/lib/editor/prompt-template";

describe("promptTemplate", () => {
  it("builds the skeleton from the record's role, name, description and handoffs", () => {
    const text = promptTemplate("cx-scribe", {
      id: "cx-scribe",
      name: "cx-scribe",
      displayName: "Scribe",
      role: "scribe",
      description: "Writes the meeting notes and keeps them filed.",
      handoffCandidates: ["reviewer", 3],
    });
    expect(text).toBe(
      [
        "---",
        "role: scribe",
        "---",
        "",
        "# Scribe",
        "",
        "Writes the meeting notes and keeps them filed.",
        "",
        "## When to use",
        "",
        "- The requests you take on.",
        "",
        "## How you work",
        "",
        "- The steps you follow and the checks you run before you answer.",
        "",
        "## Hand off",
        "",
        "- To `reviewer` when …",
        "",
      ].join("\n"),
    );
  });

  it("falls back to the id for a record without role or name, and quotes a role YAML would misread", () => {
    const bare = promptTemplate("cx-new", {});
    expect(bare.startsWith("---\nrole: cx-new\n---\n\n# cx-new\n\nYou are cx-new.")).toBe(true);
    expect(bare).toContain("- Who takes over, and when.");
    expect(promptTemplate("cx-odd", { role: "lead: ops" })).toContain('role: "lead: ops"\n');
  });
});
