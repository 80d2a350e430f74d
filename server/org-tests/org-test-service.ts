import { type Dirent, readdirSync } from "node:fs";
import path from "node:path";
import { stringifyRecord } from "@/lib/json/safe-json";
import { orgWithDraft } from "@/lib/org-tests/draft-run";
import { type RunDraft, routingCasesOf, runOrgTests, type TestFileInput } from "@/lib/org-tests/run";
import type { RoutingCase } from "@/lib/plan/plan";
import type { OrgTestCase, OrgTestRun } from "@/schemas/org-test";
import type { StudioPaths } from "../config";
import { AppError } from "../errors";
import { recordsOf } from "../org/merge";
import type { OrgApi } from "../org/org-api";
import { displayPath, userPath } from "../org/tiers";
import type { PackService } from "../packs/pack-service";
import { withTierLock } from "../store/lock";
import { readJsonFile } from "../store/read";
import { atomicWrite, confinedPath } from "../store/write";

/** Org test files: `<proj>/tests/*.test.json`, then each enabled pack's `tests/*.test.json`. */
export class OrgTestService {
  constructor(
    readonly paths: StudioPaths,
    private readonly org: OrgApi,
    private readonly packs?: PackService,
  ) {}

  get testsDir(): string {
    return path.join(this.paths.projectDir, "tests");
  }

  private async readDir(dir: string, shown: (file: string) => string): Promise<TestFileInput[]> {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    const names = entries
      .map((e) => e.name)
      .filter((n) => n.endsWith(".test.json") && !n.startsWith("."))
      .sort();
    const out: TestFileInput[] = [];
    for (const name of names) {
      const file = path.join(dir, name);
      const read = await readJsonFile(file);
      out.push(read.ok ? { file: shown(file), value: read.value } : { file: shown(file), error: read.message });
    }
    return out;
  }

  async files(): Promise<TestFileInput[]> {
    const own = await this.readDir(this.testsDir, (f) => displayPath(f, this.paths.root));
    const fromPacks: TestFileInput[] = [];
    if (this.packs) {
      for (const pack of (await this.packs.active()).packs) {
        const inProject = pack.tier === "project";
        fromPacks.push(
          ...(await this.readDir(path.join(pack.dir, "tests"), (f) =>
            inProject ? displayPath(f, this.paths.root) : userPath(f),
          )),
        );
      }
    }
    return [...own, ...fromPacks];
  }

  async routingCases(): Promise<RoutingCase[]> {
    return routingCasesOf(await this.files());
  }

  /** Optionally with one unsaved draft in place, and with fence coverage. */
  async run(draft?: RunDraft, options: { coverage?: boolean } = {}): Promise<OrgTestRun> {
    const snap = await this.org.snapshot();
    const saved = recordsOf(snap.rows);
    const org = draft ? orgWithDraft(saved, draft) : saved;
    if (!org) throw new AppError("bad_request", "the draft has no id");
    return runOrgTests(org, await this.files(), options);
  }

  /** Appends one case to `<proj>/tests/<file>` (created if missing), atomically. */
  async saveCase(fileName: string, testCase: OrgTestCase): Promise<{ path: string; index: number }> {
    const dir = this.testsDir;
    const file = confinedPath(dir, fileName);
    return withTierLock(dir, async () => {
      const read = await readJsonFile(file);
      let cases: unknown[] = [];
      let rest: Record<string, unknown> = {};
      if (read.ok) {
        const v = read.value as { cases?: unknown };
        if (typeof v !== "object" || v === null || !Array.isArray(v.cases))
          throw new AppError("conflict", `${displayPath(file, this.paths.root)} is not a test file; fix it first`);
        ({ cases, ...rest } = v as { cases: unknown[] });
      } else if (read.code !== "missing")
        throw new AppError("conflict", `${displayPath(file, this.paths.root)}: ${read.message}; fix it first`);
      const next = { ...rest, cases: [...cases, testCase] };
      await atomicWrite(dir, file, stringifyRecord(next));
      return { path: displayPath(file, this.paths.root), index: cases.length };
    });
  }
}
