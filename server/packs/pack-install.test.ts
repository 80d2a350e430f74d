import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { filesUnder, treeOf } from "@/test/support/tree";
import { AppError } from "../errors";
import { userPath } from "../org/tiers";
import { type InstallSource, installPack, LIMITS } from "./pack-install";
import { PackService, recoverPacksDir } from "./pack-service";
import {
  entriesOf,
  manifestText,
  type PackSpec,
  rawSpecZip,
  SAMPLE_PROMPT,
  SAMPLE_SPECIALIST,
  samplePack,
  specEntries,
  specFiles,
  specZip,
  writeSource,
  yazlZip,
} from "./test-support/install-fixtures";
import {
  clearPackEnv,
  exists,
  makePackEnv,
  manifest,
  type PackEnv,
  restoreEnv,
  saveEnv,
  writePack,
} from "./test-support/pack-fixtures";

/**
 * `installPack` from a folder or a zip into the user or the project tier: what lands, what is
 * recorded, and that every refused pack installs nothing, anywhere.
 */

let env: PackEnv;
let service: PackService;
let savedEnv: Record<string, string | undefined>;

beforeEach(async () => {
  savedEnv = saveEnv();
  clearPackEnv();
  env = await makePackEnv("cs-pack-install-");
  service = new PackService(env.paths);
});

afterEach(async () => {
  restoreEnv(savedEnv);
  await env.cleanup();
});

type Tier = "project" | "user";
const TIERS: Tier[] = ["project", "user"];
const packsDir = (tier: Tier) => (tier === "project" ? env.projectPacks : env.userPacks);
const seenFile = () => path.join(env.paths.runtimeDir, "packs-seen.json");
const readSeen = async () => JSON.parse(await fs.readFile(seenFile(), "utf8")) as Record<string, string>;
/** How `result.path` shows the installed folder: relative to the project root, or as the user knows it (`~/…`, else absolute). */
const shownPath = (tier: Tier, id: string) =>
  tier === "project" ? `.cx/packs/${id}` : userPath(path.join(env.userPacks, ...id.split("/")));

type SourceKind = "folder" | "zip" | "zip with one top-level folder";
const SOURCE_KINDS: SourceKind[] = ["folder", "zip", "zip with one top-level folder"];

let sources = 0;
/** `spec` as an install source of the given kind; a folder is written outside both tiers. */
async function sourceOf(spec: PackSpec, kind: SourceKind): Promise<InstallSource> {
  if (kind === "folder") return { folder: await writeSource(path.join(env.base, "src", `pack-${++sources}`), spec) };
  return { zip: await specZip(spec, kind === "zip" ? undefined : "my-pack-1.0") };
}

function expectError(error: unknown, code: string, fragments: string[]): AppError {
  expect(error, "the install is refused").toBeInstanceOf(AppError);
  expect((error as AppError).code, (error as AppError).message).toBe(code);
  for (const fragment of fragments) expect((error as AppError).message).toContain(fragment);
  return error as AppError;
}

async function expectRefused(promise: Promise<unknown>, code: string, ...fragments: string[]): Promise<AppError> {
  return expectError(
    await promise.then(
      () => null,
      (e: unknown) => e,
    ),
    code,
    fragments,
  );
}

/**
 * Everything under the temporary base (both tiers, the runtime folder, the sources, the parent
 * folders a zip-slip would reach) must be as before, except the empty pack folder of the tier and
 * its parents, which the install may create.
 */
async function expectNothingInstalled(before: Map<string, string>, tier: Tier): Promise<void> {
  const after = await treeOf(env.base);
  const mayAppear = new Set<string>();
  for (let dir = packsDir(tier); dir.startsWith(env.base + path.sep); dir = path.dirname(dir))
    mayAppear.add(path.relative(env.base, dir).split(path.sep).join("/"));
  const changed = [...before].filter(([rel, content]) => after.get(rel) !== content).map(([rel]) => rel);
  const added = [...after]
    .filter(([rel, content]) => !before.has(rel) && !(mayAppear.has(rel) && content === "<dir>"))
    .map(([rel]) => rel);
  expect(changed, "files changed or removed").toEqual([]);
  expect(added, "files added").toEqual([]);
  expect(await entriesOf(packsDir(tier)), "the tier's pack folder").toEqual([]);
  expect(await exists(seenFile())).toBe(false);
}

/** Installs `source`, expects it refused with `code` and all `fragments`, and checks nothing landed. */
async function expectInstallRefused(
  source: InstallSource,
  tier: Tier,
  code: string,
  ...fragments: string[]
): Promise<AppError> {
  const before = await treeOf(env.base);
  const error = await installPack(service, source, tier).then(
    () => null,
    (e: unknown) => e,
  );
  await expectNothingInstalled(before, tier);
  return expectError(error, code, fragments);
}

/** The installed copy of `spec` is exactly its files with their bytes, and the tier holds nothing else. */
async function expectInstalled(tier: Tier, spec: PackSpec, id: string): Promise<void> {
  const dir = path.join(packsDir(tier), ...id.split("/"));
  expect(await filesUnder(dir)).toEqual(specFiles(spec));
  expect(await fs.readFile(path.join(dir, "pack.manifest.json"), "utf8")).toBe(manifestText(spec));
  for (const [rel, content] of Object.entries(spec.files))
    expect(await fs.readFile(path.join(dir, rel), "utf8"), rel).toBe(content);
  expect(await entriesOf(packsDir(tier)), "no staging, lock or set-aside copy left").toEqual([id.split("/")[0]]);
  expect(await entriesOf(path.dirname(dir)), "nothing beside the pack in its scope folder").toEqual([
    path.basename(dir),
  ]);
}

describe("installing a valid pack", () => {
  describe.each(TIERS)("into the %s tier", (tier) => {
    describe.each(SOURCE_KINDS)("from a %s", (kind) => {
      it.each(["@acme/sample", "sample-pack"])(
        "%s lands in <packs>/<id>, recorded in packs-seen.json, nothing else left",
        async (id) => {
          const spec = samplePack(id);
          const result = await installPack(service, await sourceOf(spec, kind), tier);
          expect(result).toEqual({
            ok: true,
            id,
            version: "1.0.0",
            tier,
            path: shownPath(tier, id),
            replaced: false,
            warnings: [],
          });
          await expectInstalled(tier, spec, id);
          expect(await readSeen()).toEqual({ [id]: "1.0.0" });

          const listed = (await service.list()).packs.filter((p) => p.id === id);
          expect(listed).toHaveLength(1);
          expect(listed[0]).toMatchObject({
            tier,
            version: "1.0.0",
            errors: [],
            warnings: [],
            dir: path.join(packsDir(tier), ...id.split("/")),
          });
          expect(listed[0].contributes.prompts).toEqual([SAMPLE_SPECIALIST]);
          expect(listed[0].contributes.workflows).toEqual(["sample-flow"]);
        },
      );
    });

    it("a higher version replaces the old copy: replaced, old files gone, new version recorded", async () => {
      const v1 = samplePack("@acme/sample", "1.0.0");
      const v2 = samplePack("@acme/sample", "2.0.0");
      await installPack(service, await sourceOf(v1, "folder"), tier);
      const result = await installPack(service, await sourceOf(v2, "zip"), tier);
      expect(result).toEqual({
        ok: true,
        id: "@acme/sample",
        version: "2.0.0",
        tier,
        path: shownPath(tier, "@acme/sample"),
        replaced: true,
        warnings: [],
      });
      await expectInstalled(tier, v2, "@acme/sample");
      expect(await exists(path.join(packsDir(tier), "@acme", "sample", "notes", "v1.md"))).toBe(false);
      expect(await readSeen()).toEqual({ "@acme/sample": "2.0.0" });
    });

    it("a lower version installs, with a downgrade warning naming both versions", async () => {
      const v2 = samplePack("downgraded", "2.1.0");
      const v1 = samplePack("downgraded", "1.4.0");
      await installPack(service, await sourceOf(v2, "folder"), tier);
      const result = await installPack(service, await sourceOf(v1, "folder"), tier);
      expect(result).toMatchObject({ ok: true, version: "1.4.0", replaced: true });
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings[0]).toContain("'downgraded'");
      expect(result.warnings[0]).toContain("1.4.0");
      expect(result.warnings[0]).toContain("2.1.0");
      expect(result.warnings[0]).toMatch(/downgrade/);
      await expectInstalled(tier, v1, "downgraded");
      // The highest version seen stays recorded, so the downgrade keeps being flagged.
      expect(await readSeen()).toEqual({ downgraded: "2.1.0" });
    });
  });

  it("a deprecated pack installs, with its deprecation warning (since, message, replacement)", async () => {
    const spec = samplePack("old-tools", "1.2.0", {
      deprecation: { since: "1.1.0", message: "superseded by the new tools", replacement: "@acme/new-tools" },
    });
    const result = await installPack(service, await sourceOf(spec, "folder"), "project");
    expect(result.ok).toBe(true);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain("'old-tools'");
    expect(result.warnings[0]).toContain("deprecated since 1.1.0");
    expect(result.warnings[0]).toContain("superseded by the new tools");
    expect(result.warnings[0]).toContain("'@acme/new-tools'");
    await expectInstalled("project", spec, "old-tools");
  });

  it("a prompt with a BOM, CRLF line ends and a leading HTML comment before --- installs", async () => {
    const spec = samplePack("crlf-pack");
    spec.files[SAMPLE_PROMPT] =
      "\uFEFF<!-- generated by the pack builder -->\r\n---\r\nrole: sample-writer\r\nname: cx-sample-writer\r\n---\r\n\r\n# Writer\r\n";
    const result = await installPack(service, await sourceOf(spec, "zip"), "project");
    expect(result).toMatchObject({ ok: true, id: "crlf-pack", warnings: [] });
    await expectInstalled("project", spec, "crlf-pack");
  });

  it("dot files (.git, .DS_Store) in the folder are not copied", async () => {
    const spec = samplePack("dotted");
    const folder = await writeSource(path.join(env.base, "src", "dotted"), spec);
    await fs.mkdir(path.join(folder, ".git"));
    await fs.writeFile(path.join(folder, ".git", "config"), "[core]\n");
    await fs.writeFile(path.join(folder, "prompts", ".DS_Store"), "junk");
    await installPack(service, { folder }, "project");
    await expectInstalled("project", spec, "dotted");
  });

  it("a zip made by macOS Finder (one top-level folder plus __MACOSX resource forks) is unwrapped", async () => {
    const spec = samplePack("finder-pack");
    const entries = specEntries(spec, "finder-pack");
    const forks = entries
      .filter((e) => !e.dir)
      .map((e) => ({
        name: `__MACOSX/${path.posix.dirname(e.name)}/._${path.posix.basename(e.name)}`,
        data: "resource fork",
      }));
    const result = await installPack(
      service,
      { zip: await yazlZip([...entries, { name: "__MACOSX/", dir: true }, ...forks]) },
      "project",
    );
    expect(result).toMatchObject({ ok: true, id: "finder-pack" });
    await expectInstalled("project", spec, "finder-pack");
  });

  it("a zip from the hand-written writer installs (so the hostile-zip refusals below are about the hostile entry)", async () => {
    const spec = samplePack("raw-pack");
    const result = await installPack(service, { zip: rawSpecZip(spec, []) }, "project");
    expect(result).toMatchObject({ ok: true, id: "raw-pack" });
    await expectInstalled("project", spec, "raw-pack");
  });

  it("a leftover staging folder from an earlier crash is swept by the next install", async () => {
    await fs.mkdir(path.join(env.projectPacks, ".staging-2147483647-0123456789ab", "prompts"), { recursive: true });
    await fs.writeFile(path.join(env.projectPacks, ".staging-2147483647-0123456789ab", "pack.manifest.json"), "{}");
    const spec = samplePack("after-crash");
    await installPack(service, await sourceOf(spec, "folder"), "project");
    await expectInstalled("project", spec, "after-crash");
  });
});

type FailureCase = { title: string; make: () => Promise<InstallSource>; code?: string; fragments: string[] };

/** A valid sample pack with the manifest changed by `edit` (a function, or a replacement string). */
function editedPack(
  edit: ((m: Record<string, unknown>) => void) | string,
  files: Record<string, string> = {},
): PackSpec {
  const spec = samplePack("@acme/broken");
  if (typeof edit === "string") spec.manifest = edit;
  else edit(spec.manifest as Record<string, unknown>);
  Object.assign(spec.files, files);
  return spec;
}

const folderOf = (spec: PackSpec) => () => sourceOf(spec, "folder");

/** Writes a file under the temporary base, outside both tiers, and returns its path. */
async function writeOutside(rel: string, content: string): Promise<string> {
  const file = path.join(env.base, ...rel.split("/"));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
  return file;
}

/** A pack folder whose `rel` is replaced by a link made by `link(target, linkPath)` to `target` outside the folder. */
async function folderWithLink(
  rel: string,
  makeTarget: (outside: string) => Promise<string>,
  link: (target: string, at: string) => Promise<void>,
): Promise<InstallSource> {
  const source = (await sourceOf(samplePack("@acme/linked"), "folder")) as { folder: string };
  const outside = path.join(env.base, "outside");
  await fs.mkdir(outside, { recursive: true });
  const target = await makeTarget(outside);
  const at = path.join(source.folder, ...rel.split("/"));
  await fs.rm(at, { recursive: true, force: true });
  await link(target, at);
  return source;
}

const FAILURES: FailureCase[] = [
  {
    title: "the manifest is not JSON",
    make: folderOf(editedPack('{ "id": "@acme/broken", ')),
    fragments: ["pack.manifest.json", "failed to parse JSON"],
  },
  {
    title: "the manifest has no id",
    make: folderOf(editedPack((m) => delete m.id)),
    fragments: ["pack.manifest.json", "missing required field: id"],
  },
  {
    title: "the manifest has no version",
    make: folderOf(editedPack((m) => delete m.version)),
    fragments: ["pack.manifest.json", "missing required field: version"],
  },
  {
    title: "the manifest has no compatVersion",
    make: folderOf(editedPack((m) => delete m.compatVersion)),
    fragments: ["pack.manifest.json", "missing required field: compatVersion"],
  },
  {
    title: "compatVersion is not a semver range",
    make: folderOf(editedPack((m) => (m.compatVersion = "whenever"))),
    fragments: ["compatVersion must be a semver range", '"whenever"'],
  },
  {
    title: "a declared prompt file is missing",
    make: folderOf(editedPack((m) => (m.prompts = { "cx-ghost": "prompts/ghost.md" }))),
    fragments: ["'@acme/broken'", "declared prompt file missing for 'cx-ghost'", "prompts/ghost.md"],
  },
  {
    title: "a prompt's frontmatter is not valid YAML",
    make: folderOf(
      editedPack(() => {}, { [SAMPLE_PROMPT]: "---\nrole: [sample-writer\nname: : :\n---\n\n# Writer\n" }),
    ),
    fragments: ["'@acme/broken'", `prompt for '${SAMPLE_SPECIALIST}' is invalid`, SAMPLE_PROMPT, "not valid YAML"],
  },
  {
    title: "a prompt's frontmatter names no role",
    make: folderOf(editedPack(() => {}, { [SAMPLE_PROMPT]: "---\nname: cx-sample-writer\n---\n\n# Writer\n" })),
    fragments: [`prompt for '${SAMPLE_SPECIALIST}' is invalid`, SAMPLE_PROMPT, 'does not name a "role"'],
  },
  {
    title: "a prompt has no frontmatter at all",
    make: folderOf(editedPack(() => {}, { [SAMPLE_PROMPT]: "# Writer\n\nNo frontmatter.\n" })),
    fragments: [`prompt for '${SAMPLE_SPECIALIST}' is invalid`, "no YAML frontmatter"],
  },
  {
    title: "a prompt path in the manifest climbs out with ..",
    make: async () => {
      await writeOutside("src/outside.md", "---\nrole: stolen\n---\n");
      return sourceOf(
        editedPack((m) => (m.prompts = { "cx-thief": "../outside.md" })),
        "folder",
      );
    },
    fragments: ["prompt path", '"../outside.md"', "inside the pack"],
  },
  {
    title: "a prompt path in the manifest is absolute",
    make: folderOf(editedPack((m) => (m.prompts = { "cx-thief": "/etc/passwd" }))),
    fragments: ["prompt path", '"/etc/passwd"'],
  },
  {
    title: "the folder holds a symbolic link to a file outside it",
    make: () =>
      folderWithLink(
        SAMPLE_PROMPT,
        async (o) => {
          await fs.writeFile(path.join(o, "secret.md"), "---\nrole: sample-writer\n---\nsecret\n");
          return path.join(o, "secret.md");
        },
        (t, at) => fs.symlink(t, at),
      ),
    fragments: [`${SAMPLE_PROMPT} is a symbolic link`],
  },
  {
    title: "the folder holds a symbolically linked directory",
    make: () =>
      folderWithLink(
        "prompts",
        async (o) => {
          await fs.mkdir(path.join(o, "prompts"));
          await fs.writeFile(path.join(o, "prompts", "writer.md"), "---\nrole: sample-writer\n---\n");
          return path.join(o, "prompts");
        },
        (t, at) => fs.symlink(t, at, "dir"),
      ),
    fragments: ["prompts is a symbolic link"],
  },
  {
    title: "the folder holds a hard link",
    make: () =>
      folderWithLink(
        SAMPLE_PROMPT,
        async (o) => {
          await fs.writeFile(path.join(o, "shared.md"), "---\nrole: sample-writer\n---\nshared\n");
          return path.join(o, "shared.md");
        },
        (t, at) => fs.link(t, at),
      ),
    fragments: [`${SAMPLE_PROMPT} is a hard link`],
  },
  {
    title: "the folder does not exist",
    make: async () => ({ folder: path.join(env.base, "no-such-pack") }),
    fragments: ["no-such-pack", "is not a folder"],
  },
  {
    title: "the folder is a file",
    make: async () => ({ folder: await writeOutside("not-a-folder.txt", "not a folder\n") }),
    fragments: ["not-a-folder.txt", "is not a folder"],
  },
  {
    title: "a zip entry climbs out with ../",
    make: async () => ({ zip: rawSpecZip(samplePack("@acme/slip"), [{ name: "../escape.txt", data: "escaped" }]) }),
    fragments: ["../escape.txt"],
  },
  {
    title: "a zip entry climbs out with a/../../",
    make: async () => ({
      zip: rawSpecZip(samplePack("@acme/slip"), [{ name: "prompts/../../../escape.txt", data: "escaped" }]),
    }),
    fragments: ["escape.txt"],
  },
  {
    title: "a zip entry uses backslashes",
    make: async () => ({ zip: rawSpecZip(samplePack("@acme/slip"), [{ name: "..\\escape.txt", data: "escaped" }]) }),
    fragments: ["escape.txt"],
  },
  {
    title: "a zip entry has an absolute name",
    make: async () => ({
      zip: rawSpecZip(samplePack("@acme/slip"), [{ name: `${env.base}/absolute-escape.txt`, data: "escaped" }]),
    }),
    fragments: ["absolute"],
  },
  {
    title: "a zip entry is a symbolic link",
    make: async () => ({
      zip: await yazlZip([
        ...specEntries(samplePack("@acme/linked")),
        { name: "prompts/link.md", data: "/etc/passwd", mode: 0o120777 },
      ]),
    }),
    fragments: ["prompts/link.md is a symbolic link"],
  },
  {
    title: "a zip entry is larger than LIMITS.fileBytes (declared honestly)",
    make: async () => ({
      zip: await yazlZip([
        ...specEntries(samplePack("@acme/big")),
        { name: "docs/big.txt", data: Buffer.alloc(LIMITS.fileBytes + 1, 0x61) },
      ]),
    }),
    fragments: ["docs/big.txt", `larger than ${LIMITS.fileBytes} bytes`],
  },
  {
    title: "a zip entry's header lies about its size (16 bytes declared, more than LIMITS.fileBytes inside)",
    make: async () => ({
      zip: rawSpecZip(samplePack("@acme/bomb"), [
        { name: "docs/bomb.txt", data: Buffer.alloc(LIMITS.fileBytes + 1, 0x61), declaredSize: 16, deflate: true },
      ]),
    }),
    fragments: ["too many bytes", "expected 16"],
  },
  {
    title: "a zip holds more than LIMITS.files files",
    make: async () => ({
      zip: await yazlZip([
        ...specEntries(samplePack("@acme/many")),
        ...Array.from({ length: LIMITS.files }, (_, i) => ({ name: `data/f${i}.txt`, data: "x" })),
      ]),
    }),
    fragments: [`more than ${LIMITS.files} files`],
  },
  {
    title: "the upload is not a zip at all",
    make: async () => ({ zip: Buffer.from("This is a Markdown file, not a zip.\n") }),
    fragments: ["not a zip file"],
  },
  { title: "the upload is empty", make: async () => ({ zip: Buffer.alloc(0) }), fragments: ["not a zip file"] },
  {
    title: "a zip without a manifest",
    make: async () => ({
      zip: await yazlZip(specEntries(samplePack("x")).filter((e) => e.name !== "pack.manifest.json")),
    }),
    fragments: ["no pack.manifest.json"],
  },
];

describe("a refused pack installs nothing", () => {
  describe.each(TIERS)("into the %s tier", (tier) => {
    it.each(FAILURES.map((f) => [f.title, f] as const))("%s", async (_title, { make, code, fragments }) => {
      await expectInstallRefused(await make(), tier, code ?? "invalid", ...fragments);
    });
  });

  it("compatVersion not satisfied by the core version: the message names the pack, the range and the running version", async () => {
    const spec = editedPack((m) => (m.compatVersion = ">=9.0.0 <10"));
    const error = await expectInstallRefused(
      await sourceOf(spec, "folder"),
      "project",
      "invalid",
      "'@acme/broken'",
      ">=9.0.0 <10",
      env.paths.coreVersion,
    );
    expect(env.paths.coreVersion).toBe("0.1.0");
    expect(error.message).toMatch(/not installed/);
  });

  it("a manifest error names the file as the pack holds it, not the staging folder that is gone by the time it is read", async () => {
    const error = await expectInstallRefused(
      await sourceOf(
        editedPack((m) => delete m.version),
        "zip",
      ),
      "project",
      "invalid",
      "pack.manifest.json",
      "missing required field: version",
    );
    expect(error.message).not.toMatch(/\.staging-/);
  });

  it("the core version comes from CONSTRUCT_CORE_VERSION when set", async () => {
    process.env.CONSTRUCT_CORE_VERSION = "9.5.0";
    const later = await makePackEnv("cs-pack-install-core-");
    try {
      const spec = editedPack((m) => (m.compatVersion = ">=9.0.0 <10"));
      const folder = await writeSource(path.join(later.base, "src"), spec);
      const result = await installPack(new PackService(later.paths), { folder }, "project");
      expect(result).toMatchObject({ ok: true, id: "@acme/broken" });
    } finally {
      await later.cleanup();
    }
  });

  it("a zip-slip entry writes nothing next to or above the pack folders", async () => {
    const zip = rawSpecZip(samplePack("@acme/slip"), [
      { name: "../escape-1.txt", data: "escaped" },
      { name: "../../escape-2.txt", data: "escaped" },
      { name: "../../../escape-3.txt", data: "escaped" },
    ]);
    await expectInstallRefused({ zip }, "project", "invalid", "escape-1.txt");
    for (const dir of [env.projectPacks, path.dirname(env.projectPacks), env.root, env.base]) {
      expect((await entriesOf(dir)).filter((n) => n.startsWith("escape-"))).toEqual([]);
    }
  });

  it("an absolute zip entry is not written where it points", async () => {
    const target = path.join(env.base, "absolute-escape.txt");
    await expectInstallRefused(
      { zip: rawSpecZip(samplePack("@acme/slip"), [{ name: target, data: "escaped" }]) },
      "project",
      "invalid",
      "absolute",
    );
    expect(await exists(target)).toBe(false);
  });

  it("a refused install leaves an installed pack of the same id untouched", async () => {
    const v1 = samplePack("@acme/sample");
    await installPack(service, await sourceOf(v1, "folder"), "project");
    const before = await treeOf(env.base);
    const broken = samplePack("@acme/sample", "2.0.0");
    delete broken.files[SAMPLE_PROMPT];
    await expectRefused(
      installPack(service, await sourceOf(broken, "zip"), "project"),
      "invalid",
      "declared prompt file missing",
    );
    expect(await treeOf(env.base)).toEqual(before);
  });
});

describe("recoverPacksDir", () => {
  const write = async (rel: string, content: string) => {
    const file = path.join(env.projectPacks, ...rel.split("/"));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  };

  it("removes a leftover .staging-* folder, with whatever it holds", async () => {
    await write(".staging-2147483647-abc/pack.manifest.json", "{}");
    await write(".staging-2147483647-abc/prompts/writer.md", "half");
    await write("kept/pack.manifest.json", '{"id":"kept"}');
    await recoverPacksDir(env.projectPacks);
    expect(await entriesOf(env.projectPacks)).toEqual(["kept"]);
    expect(await filesUnder(path.join(env.projectPacks, "kept"))).toEqual(["pack.manifest.json"]);
  });

  it("renames <id>.old-xxxxxxxx back when <id> is missing (the crash hit between the two renames)", async () => {
    await write(".old-0123abcd-sample/pack.manifest.json", "old manifest");
    await write(".old-0123abcd-sample/notes/v1.md", "old notes");
    await write("@acme/.old-89abcdef-scoped/pack.manifest.json", "old scoped manifest");
    await recoverPacksDir(env.projectPacks);
    expect(await entriesOf(env.projectPacks)).toEqual(["@acme", "sample"]);
    expect(await treeOf(path.join(env.projectPacks, "sample"))).toEqual(
      new Map([
        ["notes", "<dir>"],
        ["notes/v1.md", "old notes"],
        ["pack.manifest.json", "old manifest"],
      ]),
    );
    expect(await entriesOf(path.join(env.projectPacks, "@acme"))).toEqual(["scoped"]);
    expect(await fs.readFile(path.join(env.projectPacks, "@acme", "scoped", "pack.manifest.json"), "utf8")).toBe(
      "old scoped manifest",
    );
  });

  it("removes <id>.old-xxxxxxxx when <id> exists (the crash hit after the new copy was in place)", async () => {
    await write(".old-0123abcd-sample/pack.manifest.json", "old manifest");
    await write("sample/pack.manifest.json", "new manifest");
    await write("@acme/.old-89abcdef-scoped/pack.manifest.json", "old scoped");
    await write("@acme/scoped/pack.manifest.json", "new scoped");
    await recoverPacksDir(env.projectPacks);
    expect(await entriesOf(env.projectPacks)).toEqual(["@acme", "sample"]);
    expect(await treeOf(path.join(env.projectPacks, "sample"))).toEqual(
      new Map([["pack.manifest.json", "new manifest"]]),
    );
    expect(await entriesOf(path.join(env.projectPacks, "@acme"))).toEqual(["scoped"]);
    expect(await fs.readFile(path.join(env.projectPacks, "@acme", "scoped", "pack.manifest.json"), "utf8")).toBe(
      "new scoped",
    );
  });

  it("leaves installed packs and names that only look similar alone", async () => {
    await write("sample/pack.manifest.json", "a");
    await write("notes.old-backup/pack.manifest.json", "b");
    await write("staging-abc/pack.manifest.json", "c");
    const before = await treeOf(env.projectPacks);
    await recoverPacksDir(env.projectPacks);
    expect(await treeOf(env.projectPacks)).toEqual(before);
  });

  it("a missing pack folder is nothing to recover", async () => {
    await expect(recoverPacksDir(path.join(env.base, "no-such-dir"))).resolves.toBeUndefined();
  });

  it("an installed pack whose id merely ends like a set-aside copy (tools.old-0123abcd, a valid id) survives recovery", async () => {
    await writePack(env.projectPacks, "tools", manifest("tools", { version: "1.0.0" }));
    const spec = samplePack("tools.old-0123abcd");
    await installPack(service, await sourceOf(spec, "folder"), "project");
    await recoverPacksDir(env.projectPacks);
    expect(await entriesOf(env.projectPacks)).toEqual(["tools", "tools.old-0123abcd"]);
    expect(await filesUnder(path.join(env.projectPacks, "tools.old-0123abcd"))).toEqual(specFiles(spec));
  });
});
