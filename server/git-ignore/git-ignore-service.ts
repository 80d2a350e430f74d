import { realpathSync } from "node:fs";
import { chmod } from "node:fs/promises";
import path from "node:path";
import { tierIgnoredProblem } from "@/lib/git-ignore/problem";
import { handFix, reincludeTier } from "@/lib/git-ignore/reinclude";
import { unifiedDiff } from "@/lib/git-ignore/unified-diff";
import type { GitIgnoreFix, GitIgnoreStatus } from "@/schemas/api/git-ignore";
import type { FieldError } from "@/schemas/field-error";
import type { StudioPaths } from "../config";
import { AppError, type AppErrorCode } from "../errors";
import { combineEtags, etagOf, NoFollowReadError, readFileNoFollow } from "../store/read";
import { atomicWrite } from "../store/write";
import { IgnoreCheck, type TierIgnore } from "./check-ignore";

/** An ignore file is a few lines; anything bigger is not one the studio rewrites. */
export const MAX_IGNORE_BYTES = 256 * 1024;

const posix = (p: string) => p.split(path.sep).join("/");

type Plan =
  | { fixable: true; file: string; before: Buffer; text: string; diff: string; etag: string; mode: number }
  | { fixable: false; code: AppErrorCode; message: string };

/**
 * Warns when git ignores what the studio writes in the project (its tier, packs, enable files, layout
 * and tests, as the project's generation lists them), and rewrites the `.gitignore` rule that does
 * it, on request.
 */
export class GitIgnoreService {
  readonly check: IgnoreCheck;

  constructor(private readonly paths: StudioPaths) {
    this.check = new IgnoreCheck(paths);
  }

  /** Inside the repository: relative to the project root (`.gitignore`, `../.gitignore`); else absolute. */
  private shown(file: string, top: string): string {
    const inRepo = path.relative(top, file);
    if (inRepo.startsWith("..") || path.isAbsolute(inRepo)) return file;
    return posix(path.relative(this.realRoot(), file));
  }

  /** Git names files by their real path; a project reached through a symlink is compared by its own. */
  private realRoot(): string {
    try {
      return realpathSync(this.paths.root);
    } catch {
      return this.paths.root;
    }
  }

  private tierShown(): string {
    return posix(path.relative(this.paths.root, this.paths.projectOrgDir));
  }

  private async plan(found: Extract<TierIgnore, { ignored: true }>): Promise<Plan> {
    const { rule, top, hidesDir, hidden } = found;
    const shown = this.shown(rule.file, top);
    const where = `${shown}:${rule.line} (\`${rule.pattern}\`)`;
    const inTree = !path.relative(top, rule.file).startsWith("..") && !path.isAbsolute(path.relative(top, rule.file));
    const perFolder = path.basename(rule.file) === ".gitignore" && inTree;
    // A .gitignore's patterns are relative to its folder; info/exclude's and the global file's to the top.
    const projectDir = path.join(this.realRoot(), path.relative(this.paths.root, this.paths.projectDir));
    const dirRel = posix(path.relative(perFolder ? path.dirname(rule.file) : top, projectDir));
    const byHand = (why: string, code: AppErrorCode = "invalid"): Plan => {
      const lines = dirRel.startsWith("..") ? [] : handFix(dirRel, hidden, hidesDir);
      const advice = lines.length
        ? `add ${lines.map((l) => `\`${l}\``).join(", ")} after line ${rule.line} of ${shown}, or remove that rule`
        : `remove line ${rule.line} of ${shown}`;
      return { fixable: false, code, message: `${why}; ${advice}` };
    };
    if (!perFolder)
      return byHand(`${where}: the studio edits only .gitignore files inside the repository, and this is not one`);
    let before: Buffer;
    let mode: number;
    try {
      const read = await readFileNoFollow(rule.file, { limit: MAX_IGNORE_BYTES });
      before = read.bytes;
      mode = read.stat.mode & 0o777;
    } catch (error) {
      if (!(error instanceof NoFollowReadError)) throw error;
      const why =
        error.code === "symlink"
          ? `${shown} is a symbolic link; the studio does not write through links`
          : error.code === "too-large"
            ? `${shown} is larger than ${MAX_IGNORE_BYTES} bytes, more than the studio rewrites`
            : `${shown} cannot be read (${error.message})`;
      return byHand(
        why,
        error.code === "symlink" ? "forbidden" : error.code === "too-large" ? "payload_too_large" : "invalid",
      );
    }
    const text = before.toString("utf8");
    if (!Buffer.from(text, "utf8").equals(before))
      return byHand(`${shown} is not UTF-8 text, which the studio would not keep byte for byte`);
    const edit = reincludeTier({ text, line: rule.line, dirRel, entries: hidden });
    if (!edit.ok) return byHand(`${shown}: ${edit.message}`);
    return {
      fixable: true,
      file: rule.file,
      before,
      text: edit.text,
      diff: unifiedDiff(shown, text, edit.text),
      etag: combineEtags([etagOf(rule.file), etagOf(before)]),
      mode,
    };
  }

  private async evaluate(fresh: boolean): Promise<{ status: GitIgnoreStatus; plan: Plan | null }> {
    const found = await this.check.check({ fresh });
    const tier = this.tierShown();
    if (!found.ignored)
      return {
        status: {
          ignored: false,
          tier,
          file: null,
          line: null,
          pattern: null,
          hidden: [],
          problem: null,
          diff: null,
          etag: null,
          unfixable: null,
        },
        plan: null,
      };
    const plan = await this.plan(found);
    const file = this.shown(found.rule.file, found.top);
    const added = plan.fixable ? plan.diff.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++")) : [];
    const shownDir = posix(path.relative(this.paths.root, this.paths.projectDir));
    const hidden = found.hidden.map((entry) => `${shownDir}/${entry}`);
    const problem = tierIgnoredProblem({
      hidden,
      file,
      line: found.rule.line,
      pattern: found.rule.pattern,
      fix: plan.fixable
        ? { kind: "studio", lines: added.map((l) => l.slice(1).replace(/\r$/, "")) }
        : { kind: "by-hand", advice: plan.message },
    });
    return {
      status: {
        ignored: true,
        tier,
        file,
        line: found.rule.line,
        pattern: found.rule.pattern,
        hidden,
        problem,
        diff: plan.fixable ? plan.diff : null,
        etag: plan.fixable ? plan.etag : null,
        unfixable: plan.fixable ? null : { code: plan.code, message: plan.message },
      },
      plan,
    };
  }

  /** Cached with git's answer; `fresh` asks git again. */
  async status(opts: { fresh?: boolean } = {}): Promise<GitIgnoreStatus> {
    return (await this.evaluate(opts.fresh ?? false)).status;
  }

  /** The org's load problems: the warning, or nothing (not a repository, no git, not ignored). */
  async problems(): Promise<FieldError[]> {
    try {
      const { problem } = await this.status();
      return problem ? [problem] : [];
    } catch (error) {
      console.warn(
        `[construct-studio] could not ask git whether the project tier is ignored: ${(error as Error).message}`,
      );
      return [];
    }
  }

  /**
   * Rewrites the rule only over the version the caller previewed (`ifMatch` is the status's etag);
   * a file changed since is a conflict carrying the current status and diff.
   */
  async fix(opts: { ifMatch: string; dryRun?: boolean }): Promise<GitIgnoreFix> {
    const { status, plan } = await this.evaluate(true);
    const conflict = (message: string) =>
      new AppError("conflict", message, undefined, { record: status, etag: status.etag ?? "" });
    if (!plan) throw conflict(`git does not ignore ${status.tier}/; there is nothing to fix`);
    if (!plan.fixable) throw new AppError(plan.code, plan.message);
    if (opts.ifMatch !== plan.etag)
      throw conflict(
        `${status.file} changed since its diff was shown; nothing was written. Review the current diff and apply it again`,
      );
    if (opts.dryRun) return { applied: false, diff: plan.diff, status };
    await atomicWrite(path.dirname(plan.file), plan.file, plan.text);
    await chmod(plan.file, plan.mode).catch(() => {});
    return { applied: true, diff: plan.diff, status: await this.status({ fresh: true }) };
  }
}
