import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type EmbedManifest, embedManifestSchema } from "@/schemas/embed";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { CONTEXT_LIMITS, type ProviderContext, type ProviderSource, readProviderContext } from "./provider-context";

/**
 * The two local providers read real files and a real git repository in a temp project; the others
 * are refused, named, before anything is read.
 */

const run = promisify(execFile);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let triage: EmbedManifest;
let review: EmbedManifest;
let base: string;
let root: string;
const cleanups: (() => Promise<void>)[] = [];
const savedCeiling = process.env.GIT_CEILING_DIRECTORIES;

beforeAll(async () => {
  const load = async (id: string) =>
    embedManifestSchema.parse(
      JSON.parse(await fs.readFile(path.join(APP_DIR, "specialists", "workflows", `${id}.manifest.json`), "utf8")),
    );
  triage = await load("operations-triage");
  review = await load("repo-activity-review");
});

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-embed-ctx-");
  cleanups.push(tmp.cleanup);
  base = tmp.base;
  root = tmp.root;
  // A temp project is never inside some other repository, whatever the machine's temp dir is.
  process.env.GIT_CEILING_DIRECTORIES = path.dirname(base);
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

afterAll(() => {
  if (savedCeiling === undefined) delete process.env.GIT_CEILING_DIRECTORIES;
  else process.env.GIT_CEILING_DIRECTORIES = savedCeiling;
});

function withEmbed(m: EmbedManifest, embed: Partial<EmbedManifest["embed"]>): EmbedManifest {
  return { ...structuredClone(m), embed: { ...structuredClone(m.embed), ...embed } };
}

/** Writes `rel` under `dir` with an mtime `ageMs` earlier than the `now` given. */
async function write(rel: string, content: string, ageMs = 0, now = Date.now(), dir = root): Promise<string> {
  const file = path.join(dir, rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
  const at = new Date(now - ageMs);
  await fs.utimes(file, at, at);
  return file;
}

function only(context: ProviderContext, provider: string): ProviderSource {
  expect(context.ok, JSON.stringify(context)).toBe(true);
  if (!context.ok) throw new Error("unreachable");
  expect(context.sources.map((s) => s.provider)).toEqual([provider]);
  return context.sources[0];
}

/** The files a directory source read, in the order it gives them. */
const filesOf = (source: ProviderSource) => [...source.text.matchAll(/^--- (\S+) \(modified /gm)].map((m) => m[1]);

describe("directory provider", () => {
  it("reads only files matching filter.scope.paths, newest first", async () => {
    await write("incidents/2026/checkout.md", "checkout note", 1 * HOUR);
    await write("ops/runbook-gaps.md", "ops note", 2 * HOUR);
    await write("INCIDENT-2026-07-09.md", "root incident", 30 * 60_000);
    await write("docs/INCIDENT-old-db.md", "nested incident", 3 * HOUR);
    await write("notes/meeting.md", "NOT-A-MATCH meeting");
    await write("incidents/raw-log.txt", "NOT-A-MATCH txt");
    await write("README.md", "NOT-A-MATCH readme");
    const source = only(await readProviderContext(root, triage, new Date()), "directory");
    expect(filesOf(source)).toEqual([
      "INCIDENT-2026-07-09.md",
      "incidents/2026/checkout.md",
      "ops/runbook-gaps.md",
      "docs/INCIDENT-old-db.md",
    ]);
    expect(source.items).toBe(4);
    expect(source.text).toContain("checkout note");
    expect(source.text).not.toContain("NOT-A-MATCH");
  });

  it("skips node_modules, .git and .cx even when a glob names them; other dot folders are read when named", async () => {
    await write("node_modules/some-pkg/INCIDENT-vendored.md", "SKIPPED node_modules");
    await write("node_modules/some-pkg/incidents/a.md", "SKIPPED node_modules nested");
    await write(".git/INCIDENT-in-git.md", "SKIPPED git");
    await write(".cx/incidents/b.md", "SKIPPED cx");
    await write(".notes/incidents/c.md", "dot folder read");
    await write("incidents/d.md", "plain read");
    const m = withEmbed(triage, {
      filter: {
        scope: { paths: ["**/*.md", "node_modules/**/*.md", ".git/**/*.md", ".cx/**/*.md", ".notes/**/*.md"] },
      },
    });
    const source = only(await readProviderContext(root, m, new Date()), "directory");
    expect(filesOf(source).sort()).toEqual([".notes/incidents/c.md", "incidents/d.md"]);
    expect(source.text).not.toContain("SKIPPED");
    // The built-in globs would match node_modules/some-pkg/INCIDENT-vendored.md; the walk never enters it.
    const builtin = only(await readProviderContext(root, triage, new Date()), "directory");
    expect(filesOf(builtin)).toEqual(["incidents/d.md"]);
  });

  it("never follows a symlink: a linked file or folder outside the root is not read", async () => {
    const outside = path.join(base, "outside");
    const secret = await write("secret.md", "TOP SECRET outside the project", 0, Date.now(), outside);
    await write("elsewhere/incidents/e.md", "TOP SECRET linked folder", 0, Date.now(), outside);
    await write("incidents/real.md", "the real note");
    await fs.symlink(secret, path.join(root, "incidents", "leak.md"));
    await fs.symlink(path.join(outside, "elsewhere", "incidents"), path.join(root, "incidents", "linked"));
    await fs.symlink(path.join(outside, "elsewhere"), path.join(root, "ops"));
    await fs.symlink(secret, path.join(root, "INCIDENT-link.md"));
    const source = only(await readProviderContext(root, triage, new Date()), "directory");
    expect(filesOf(source)).toEqual(["incidents/real.md"]);
    expect(source.text).not.toContain("TOP SECRET");
  });

  it("respects updatedSince (P2D): an older file is left out", async () => {
    await write("incidents/fresh.md", "fresh", 1 * DAY);
    await write("incidents/stale.md", "STALE", 3 * DAY);
    const source = only(await readProviderContext(root, triage, new Date()), "directory");
    expect(filesOf(source)).toEqual(["incidents/fresh.md"]);
    expect(source.text).not.toContain("STALE");
  });

  it("measures updatedSince back from the given now, not the wall clock", async () => {
    const now = Date.parse("2020-01-10T12:00:00Z");
    await write("incidents/in-window.md", "in window", 1 * DAY, now);
    await write("incidents/before-window.md", "BEFORE", 3 * DAY, now);
    const source = only(await readProviderContext(root, triage, new Date(now)), "directory");
    expect(filesOf(source)).toEqual(["incidents/in-window.md"]);
  });

  it("says so when nothing matches", async () => {
    await write("incidents/stale.md", "stale", 5 * DAY);
    const source = only(await readProviderContext(root, triage, new Date()), "directory");
    expect(source.items).toBe(0);
    expect(source.text).toMatch(/^\(no files match incidents\/\*\*\/\*\.md.*P2D\)$/);
  });

  it("caps the bytes read per file", async () => {
    const head = "H".repeat(CONTEXT_LIMITS.bytesPerFile);
    await write("incidents/huge.md", `${head}TAIL-NOT-READ${"t".repeat(3000)}`);
    const size = CONTEXT_LIMITS.bytesPerFile + "TAIL-NOT-READ".length + 3000;
    const source = only(await readProviderContext(root, triage, new Date()), "directory");
    expect(source.items).toBe(1);
    expect(source.text).toContain(`first ${CONTEXT_LIMITS.bytesPerFile} of ${size} bytes`);
    expect(source.text).toContain(head);
    expect(source.text).not.toContain("TAIL");
  });

  it("caps the number of files and the total bytes", async () => {
    for (let i = 0; i < CONTEXT_LIMITS.files + 5; i++)
      await write(`incidents/small-${String(i).padStart(2, "0")}.md`, `note ${i}`, i * 60_000);
    const many = only(await readProviderContext(root, triage, new Date()), "directory");
    expect(many.items).toBe(CONTEXT_LIMITS.files);
    expect(filesOf(many)[0]).toBe("incidents/small-00.md");
    expect(filesOf(many)).not.toContain(`incidents/small-${CONTEXT_LIMITS.files}.md`);

    await fs.rm(path.join(root, "incidents"), { recursive: true });
    const fit = Math.floor(CONTEXT_LIMITS.totalBytes / CONTEXT_LIMITS.bytesPerFile);
    for (let i = 0; i < fit + 3; i++)
      await write(
        `incidents/big-${String(i).padStart(2, "0")}.md`,
        "B".repeat(CONTEXT_LIMITS.bytesPerFile),
        i * 60_000,
      );
    const big = only(await readProviderContext(root, triage, new Date()), "directory");
    expect(big.items).toBe(fit);
    expect((big.text.match(/B/g) ?? []).length).toBeLessThanOrEqual(CONTEXT_LIMITS.totalBytes);
  });
});

describe("git provider", () => {
  const ENV_NAMES = {
    GIT_AUTHOR_NAME: "Ada Tester",
    GIT_AUTHOR_EMAIL: "ada@example.test",
    GIT_COMMITTER_NAME: "Ada Tester",
    GIT_COMMITTER_EMAIL: "ada@example.test",
  };
  const git = (args: string[], at?: Date) =>
    run(
      "git",
      [
        "-c",
        "user.name=Ada Tester",
        "-c",
        "user.email=ada@example.test",
        "-c",
        "commit.gpgsign=false",
        "-c",
        "init.defaultBranch=main",
        "-C",
        root,
        ...args,
      ],
      {
        env: {
          ...process.env,
          ...ENV_NAMES,
          ...(at ? { GIT_AUTHOR_DATE: at.toISOString(), GIT_COMMITTER_DATE: at.toISOString() } : {}),
        },
      },
    );
  const commit = async (rel: string, message: string, at: Date) => {
    await write(rel, `${message}\n`);
    await git(["add", "--", rel]);
    await git(["commit", "-q", "-m", message], at);
  };

  it("lists the recent commits of a real repository, newest first, with the files each touched", async () => {
    await git(["init", "-q"]);
    await commit("src/app.ts", "Add the app", new Date(Date.now() - 2 * HOUR));
    await commit("incidents/db.md", "Write up the database incident", new Date(Date.now() - 1 * HOUR));
    const source = only(await readProviderContext(root, review, new Date()), "git");
    expect(source.items).toBe(2);
    expect(source.text.indexOf("Write up the database incident")).toBeLessThan(source.text.indexOf("Add the app"));
    expect(source.text).toContain("Ada Tester");
    expect(source.text).toContain("incidents/db.md");
    expect(source.text).toContain("src/app.ts");
  });

  it("respects updatedSince and filter.scope.paths", async () => {
    await git(["init", "-q"]);
    await commit("src/old.ts", "An old commit", new Date(Date.now() - 3 * DAY));
    await commit("src/app.ts", "Recent code change", new Date(Date.now() - 2 * HOUR));
    await commit("incidents/db.md", "Recent incident note", new Date(Date.now() - 1 * HOUR));
    const recent = only(await readProviderContext(root, review, new Date()), "git");
    expect(recent.items).toBe(2);
    expect(recent.text).not.toContain("An old commit");
    const scoped = only(
      await readProviderContext(
        root,
        withEmbed(review, { filter: { scope: { paths: ["incidents/**"] }, predicates: { updatedSince: "P7D" } } }),
        new Date(),
      ),
      "git",
    );
    expect(scoped.items).toBe(1);
    expect(scoped.text).toContain("Recent incident note");
  });

  it("measures updatedSince back from the given now, like the directory provider", async () => {
    const now = new Date(Date.now() - 30 * DAY);
    await git(["init", "-q"]);
    await commit("incidents/db.md", "An incident note a tick at `now` should see", new Date(now.getTime() - 1 * HOUR));
    const source = only(await readProviderContext(root, review, now), "git");
    expect(source.items).toBe(1);
  });

  it("in a folder that is not a repository: provider-unavailable:git", async () => {
    await write("src/app.ts", "not committed");
    const context = await readProviderContext(root, review, new Date());
    expect(context).toMatchObject({ ok: false, reason: "provider-unavailable:git" });
    if (!context.ok) expect(context.detail).toContain(root);
  });
});

describe("providers that cannot be read", () => {
  it.each([
    { id: "jira", detail: /needs credentials/ },
    { id: "github", detail: /needs credentials/ },
    { id: "no-such-provider", detail: /no provider 'no-such-provider' is known/ },
  ])("$id → provider-unavailable:$id, checked before any provider is read", async ({ id, detail }) => {
    // git first, in a folder that is not a repository: had it been read, the reason would name git.
    const context = await readProviderContext(
      root,
      withEmbed(review, { providerBindings: ["git", id], filter: undefined }),
      new Date(),
    );
    expect(context).toMatchObject({ ok: false, reason: `provider-unavailable:${id}` });
    if (!context.ok) expect(context.detail).toMatch(detail);
  });

  it("a directory binding beside a non-local one reads nothing and skips", async () => {
    await write("incidents/a.md", "a note");
    const context = await readProviderContext(
      root,
      withEmbed(triage, { providerBindings: ["directory", "slack"] }),
      new Date(),
    );
    expect(context).toEqual({
      ok: false,
      reason: "provider-unavailable:slack",
      detail: expect.stringContaining("Slack"),
    });
  });
});
