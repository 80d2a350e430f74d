import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { historyText } from "@/lib/access/history";
import { type AccessHistory, accessHistorySchema } from "@/schemas/access";
import { gitAs } from "@/test/support/git";
import { APP_DIR, makeTmpDirs, writeFiles } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";
import { resolvePaths } from "../config";
import { isAppError } from "../errors";
import { OrgApi } from "../org/org-api";
import { AccessHistoryService, parseLimit } from "./history";

/** History in real git repositories with real commits: each case reads, never writes. */

let base: string;
let root: string;
let home: string;
let cleanup: () => Promise<void>;
const apis: OrgApi[] = [];

const git = (args: string[], cwd = root, date = "2026-11-30T10:00:00Z") => gitAs(cwd, args, date);

let day = 0;
/** Writes the files and commits them, a day after the last commit. */
function commit(subject: string, files: Record<string, object | string>, author?: string) {
  writeFiles(root, files);
  git(["add", "-A"]);
  day++;
  const date = `2026-11-${String(day).padStart(2, "0")}T10:00:00Z`;
  git(["commit", "-qm", subject, ...(author ? [`--author=${author}`] : [])], root, date);
}

const team = (extra: object = {}) => ({
  id: "hist-team",
  name: "Hist",
  owner: "hist-writer",
  roles: ["hist-writer", "hist-coder"],
  escalationPath: [],
  ...extra,
});
const spec = (id: string, paths: string[], extra: object = {}) => ({
  id,
  name: id,
  role: id,
  description: `The ${id} specialist, made for the access history tests.`,
  team: "hist-team",
  fence: { allowedPaths: paths },
  handoffCandidates: [],
  ...extra,
});
const file = (section: string, id: string) => `.cx/org/${section}/${id}.json`;

function historyOf(dir: string) {
  const api = new OrgApi(resolvePaths({ root: dir, home, appDir: APP_DIR }));
  apis.push(api);
  return new AccessHistoryService(api);
}

async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

/** Eight commits: one outside the org, one that does not touch the writer's access, six that do. */
function buildHistory() {
  git(["init", "-q"]);
  commit("Start the org", {
    [file("teams", "hist-team")]: team(),
    [file("specialists", "hist-writer")]: spec("hist-writer", ["docs/**"]),
    [file("specialists", "hist-coder")]: spec("hist-coder", ["src/**"]),
  });
  commit("Add a README", { "README.md": "# The project\n" });
  commit("Reword the coder's description", {
    [file("specialists", "hist-coder")]: spec("hist-coder", ["src/**"], {
      description: "Writes the code, and only the code, for the history tests.",
    }),
  });
  commit("Let the writer edit guides", {
    [file("specialists", "hist-writer")]: spec("hist-writer", ["docs/**", "guides/**"]),
  });
  commit(
    "Let writers hand off to coders",
    {
      [file("specialists", "hist-writer")]: spec("hist-writer", ["docs/**", "guides/**"], {
        handoffCandidates: ["hist-coder"],
      }),
    },
    "Grace Hopper <grace@example.com>",
  );
  commit("Coders may run the tests", {
    [file("specialists", "hist-coder")]: spec("hist-coder", ["src/**"], {
      description: "Writes the code, and only the code, for the history tests.",
      fence: { allowedPaths: ["src/**"], allowedCommands: ["npm test"] },
    }),
  });
  commit("Writers stop editing guides", {
    [file("specialists", "hist-writer")]: spec("hist-writer", ["docs/**"], { handoffCandidates: ["hist-coder"] }),
  });
  commit("The team may not push", { [file("teams", "hist-team")]: team({ forbiddenDecisions: ["push"] }) });
}

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-hist-"));
  day = 0;
});

afterEach(async () => {
  for (const api of apis.splice(0)) api.close();
  await cleanup();
});

const subjects = (h: AccessHistory) => h.entries.map((e) => e.subject);
const lines = (h: AccessHistory, subject: string) =>
  h.entries
    .find((e) => e.subject === subject)
    ?.changes.map((c) => `${c.action === "widen" ? "+" : "-"} ${c.scope}: ${c.text}`);

describe("access history", { timeout: 60_000 }, () => {
  it("lists each commit that widened or narrowed the fence or the reach, newest first, and leaves the rest out", async () => {
    buildHistory();
    const before = snapshotContent(root);
    const history = accessHistorySchema.parse(await historyOf(root).history("hist-writer"));

    expect(subjects(history)).toEqual([
      "The team may not push",
      "Writers stop editing guides",
      "Coders may run the tests",
      "Let writers hand off to coders",
      "Let the writer edit guides",
      "Start the org",
    ]);
    // The README is outside the org's folders, so it is not even looked at; the reworded description is.
    expect(history).toMatchObject({ scanned: 7, more: 0, shallow: false });
    expect(history.note).toBeUndefined();

    expect(lines(history, "Start the org")).toEqual(["+ fence: edit docs/**"]);
    expect(lines(history, "Let the writer edit guides")).toEqual(["+ fence: edit guides/**"]);
    expect(lines(history, "Let writers hand off to coders")).toEqual([
      "+ reach: hist-writer → handoff → hist-coder: edit src/**",
    ]);
    // A widening that never touches the writer: its coder's fence grows.
    expect(lines(history, "Coders may run the tests")).toEqual([
      "+ reach: hist-writer → handoff → hist-coder: run npm test",
    ]);
    expect(lines(history, "Writers stop editing guides")).toEqual(["- fence: edit guides/**"]);
    expect(lines(history, "The team may not push")).toEqual(["- fence: push:** is denied"]);

    const handoff = history.entries.find((e) => e.subject === "Let writers hand off to coders");
    expect(handoff).toMatchObject({ author: "Grace Hopper", date: "2026-11-05T10:00:00+00:00" });
    expect(handoff?.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(handoff?.changes[0]).toMatchObject({
      action: "widen",
      scope: "reach",
      list: "allowedPaths",
      entry: "src/**",
    });

    const text = historyText(history);
    expect(text).toContain(
      `2026-11-05  Grace Hopper  ${handoff?.commit.slice(0, 7)}  Let writers hand off to coders\n    + reach: hist-writer → handoff → hist-coder: edit src/**\n`,
    );
    expect(text.trim().split("\n").at(-1)).toBe("6 commit(s) changed what hist-writer can do (7 looked at)");

    // The coder's own history holds its own commits, and what the writer did does not widen it.
    const coder = await historyOf(root).history("hist-coder");
    expect(subjects(coder)).toEqual(["The team may not push", "Coders may run the tests", "Start the org"]);
    expect(snapshotContent(root)).toEqual(before);
  });

  it("looks at no more than the limit and says how many older commits it left", async () => {
    buildHistory();
    const service = historyOf(root);
    const history = await service.history("hist-writer", { limit: 3 });
    expect(subjects(history)).toEqual([
      "The team may not push",
      "Writers stop editing guides",
      "Coders may run the tests",
    ]);
    expect(history).toMatchObject({ scanned: 3, more: 4 });
    expect(historyText(history).trim().split("\n").at(-1)).toBe(
      "3 commit(s) changed what hist-writer can do (3 looked at; 4 older commit(s) not looked at (--limit))",
    );
    const bad = await refusal(service.history("hist-writer", { limit: 0 }));
    expect(bad.code).toBe("bad_request");
    expect(bad.message).toContain("1 or more");
    expect(() => parseLimit("ten")).toThrow('limit "ten" is not a whole number of commits, 1 or more');
    expect(parseLimit(undefined)).toBeUndefined();
    expect(parseLimit("25")).toBe(25);
  });

  it("a shallow clone says so and starts at its oldest commit, which it cannot compare", async () => {
    buildHistory();
    const clone = path.join(base, "clone");
    git(["clone", "-q", "--depth", "2", `file://${root}`, clone], base);
    const before = snapshotContent(clone);
    const history = await historyOf(clone).history("hist-writer");
    expect(history).toMatchObject({ shallow: true, scanned: 2, more: 0 });
    expect(subjects(history)).toEqual(["The team may not push"]);
    expect(historyText(history).split("\n")[0]).toBe(
      "This is a shallow clone: history starts at its oldest commit (git fetch --unshallow for the rest).",
    );
    expect(snapshotContent(clone)).toEqual(before);
  });

  it("a merge lists the branch's commit, not the merge that brought it in", async () => {
    buildHistory();
    git(["checkout", "-qb", "side"]);
    commit("Writers may label issues", {
      [file("specialists", "hist-writer")]: spec("hist-writer", ["docs/**"], {
        handoffCandidates: ["hist-coder"],
        fence: { allowedPaths: ["docs/**"], allowedBdLabels: ["docs"] },
      }),
    });
    git(["checkout", "-q", "main"]);
    commit("Coders edit scripts too", {
      [file("specialists", "hist-coder")]: spec("hist-coder", ["src/**", "scripts/**"], {
        fence: { allowedPaths: ["src/**", "scripts/**"], allowedCommands: ["npm test"] },
      }),
    });
    git(["merge", "-q", "--no-ff", "-m", "Merge side", "side"]);
    const history = await historyOf(root).history("hist-writer", { limit: 3 });
    expect(subjects(history)).toEqual(["Coders edit scripts too", "Writers may label issues"]);
    expect(lines(history, "Writers may label issues")).toEqual(["+ fence: label docs"]);
  });

  it("outside git, or before the first commit, answers with a note and reads nothing", async () => {
    mkdirSync(path.join(root, ".cx", "org"), { recursive: true });
    writeFiles(root, {
      [file("teams", "hist-team")]: team(),
      [file("specialists", "hist-writer")]: spec("hist-writer", ["docs/**"]),
    });
    const before = snapshotContent(root);
    const outside = await historyOf(root).history("hist-writer");
    expect(outside).toMatchObject({ id: "hist-writer", entries: [], scanned: 0, more: 0, shallow: false });
    expect(outside.note).toMatch(/is not in a git repository, so there is no history to read$/);
    expect(historyText(outside)).toBe(`hist-writer: ${outside.note}\n`);

    git(["init", "-q"]);
    const empty = await historyOf(root).history("hist-writer");
    expect(empty.note).toMatch(/has no commits yet$/);
    expect(empty.entries).toEqual([]);
    // `git init` made .git; nothing else changed.
    expect(Object.fromEntries(Object.entries(snapshotContent(root)).filter(([k]) => !k.startsWith(".git")))).toEqual(
      before,
    );
  });

  it("an id in neither the org nor its history is not found, and nothing changes", async () => {
    buildHistory();
    const before = snapshotContent(root);
    const missing = await refusal(historyOf(root).history("hist-nobody"));
    expect(missing.code).toBe("not_found");
    expect(missing.message).toBe(
      'no specialist or worker profile "hist-nobody" in the org now nor in the 7 commit(s) looked at',
    );
    expect(snapshotContent(root)).toEqual(before);

    // Removed since, but its commits remain.
    git(["rm", "-q", file("specialists", "hist-coder")]);
    git(["commit", "-qm", "Retire the coder"], root, "2026-11-20T10:00:00Z");
    const gone = await historyOf(root).history("hist-coder");
    expect(gone.entries[0].subject).toBe("Retire the coder");
    expect(gone.entries[0].changes.map((c) => `${c.action} ${c.text}`)).toContain("narrow edit src/**");
  });

  it("follows a Construct 2.x worker profile, whose own fence is its effective one", async () => {
    const profile = (id: string, fence: object, handoffs: string[] = []) => ({
      id,
      name: id,
      role: id,
      fence,
      handoffCandidates: handoffs,
    });
    const wp = (id: string) => `.construct/org/worker-profiles/${id}.json`;
    git(["init", "-q"]);
    commit("Two workers", {
      [wp("hist-writer")]: profile("hist-writer", { allowedPaths: ["docs/**"] }, ["hist-builder"]),
      [wp("hist-builder")]: profile("hist-builder", { allowedPaths: ["src/**"] }),
    });
    commit("Builders may run the tests", {
      [wp("hist-builder")]: profile("hist-builder", { allowedPaths: ["src/**"], allowedCommands: ["npm test"] }),
    });
    const service = historyOf(root);
    const history = await service.history("hist-writer");
    expect(subjects(history)).toEqual(["Builders may run the tests", "Two workers"]);
    expect(lines(history, "Builders may run the tests")).toEqual([
      "+ reach: hist-writer → handoff → hist-builder: run npm test",
    ]);
  });
});
