import { describe, expect, it } from "vitest";
import { emptyOrg, type OrgRecords } from "@/schemas/kinds";
import { accessGraph } from "./graph";
import { accessChanges, commonChanges, fenceChanges } from "./history";

const team = { id: "eng", name: "eng", owner: "writer", roles: ["writer", "coder"], escalationPath: [] };
const spec = (id: string, paths: string[], handoffs: string[] = [], more = {}) => ({
  id,
  name: id,
  role: id.replace(/^cx-/, ""),
  team: "eng",
  fence: { allowedPaths: paths, ...more },
  handoffCandidates: handoffs,
});
const org = (specialists: Record<string, unknown>, teamExtra = {}): OrgRecords => ({
  ...emptyOrg(),
  teams: { eng: { ...team, ...teamExtra } },
  specialists: specialists as OrgRecords["specialists"],
});
const read = (changes: ReturnType<typeof accessChanges>) =>
  changes.map((c) => `${c.action === "widen" ? "+" : "-"} ${c.scope}: ${c.text}`);

describe("accessChanges", () => {
  const coder = spec("cx-coder", ["src/**"]);

  it("a principal that appears gains its fence and what it reaches through others; one that goes loses both", () => {
    const without = accessGraph(org({ "cx-coder": coder }));
    const withWriter = accessGraph(org({ "cx-coder": coder, "cx-writer": spec("cx-writer", ["docs/**"], ["coder"]) }));
    const added = ["+ fence: edit docs/**", "+ reach: cx-writer → handoff → cx-coder: edit src/**"];
    expect(read(accessChanges("cx-writer", without, withWriter))).toEqual(added);
    expect(read(accessChanges("cx-writer", withWriter, without))).toEqual(added.map((l) => `-${l.slice(1)}`));
    expect(accessChanges("cx-writer", withWriter, withWriter)).toEqual([]);
  });

  it("a team's forbidden decision narrows; lifting it widens", () => {
    const open = accessGraph(org({ "cx-coder": coder }));
    const closed = accessGraph(org({ "cx-coder": coder }, { forbiddenDecisions: ["push"] }));
    expect(read(accessChanges("cx-coder", open, closed))).toEqual(["- fence: push:** is denied"]);
    expect(read(accessChanges("cx-coder", closed, open))).toEqual(["+ fence: push:** is not denied"]);
  });

  it("an approval and a command read as the fence panel reads them", () => {
    const before = {
      allowedPaths: ["a/**"],
      allowedCommands: [],
      allowedBdLabels: [],
      approvalRequired: [],
      deniedActions: [],
    };
    const after = { ...before, allowedCommands: ["npm test"], approvalRequired: ["push"] };
    expect(fenceChanges(before, after).map((c) => c.text)).toEqual(["run npm test", "push with approval"]);
  });

  it("a merge keeps only what it changes against every parent", () => {
    const c = (entry: string) => ({
      action: "widen" as const,
      scope: "fence" as const,
      list: "allowedPaths",
      entry,
      text: entry,
    });
    expect(commonChanges([[c("a"), c("b")], [c("b")]])).toEqual([c("b")]);
    expect(commonChanges([[c("a")]])).toEqual([c("a")]);
  });
});
