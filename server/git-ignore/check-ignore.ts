import { statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { StudioPaths } from "../config";
import { git } from "../plan/git-org";

// Git itself says whether the tier is ignored: every .gitignore level, .git/info/exclude and
// core.excludesFile. Its answer is kept until one of the files that could change it changes.

export type IgnoreRule = {
  /** The ignore file, absolute. */
  file: string;
  /** As git names it: relative to the repository's top, or absolute (info/exclude, the global file). */
  source: string;
  line: number;
  pattern: string;
};

export type TierIgnore =
  | { ignored: false }
  | {
      ignored: true;
      top: string;
      rule: IgnoreRule;
      /** The project folder itself is ignored, not only what is in it. */
      hidesDir: boolean;
      /** What the studio writes that git ignores, inside the project folder: `org/`, `packs.json`. */
      hidden: string[];
    };

type Probe = { top: string; commonDir: string } | null;

const NOT_IGNORED: TierIgnore = { ignored: false };

function stamp(file: string): string {
  try {
    const s = statSync(file);
    return `${file}:${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return `${file}:-`;
  }
}

/** Folders from `from` up to the filesystem root, nearest first. */
function ancestors(from: string): string[] {
  const out: string[] = [];
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    out.push(dir);
    if (path.dirname(dir) === dir) return out;
  }
}

export class IgnoreCheck {
  private cached: { key: string; answer: Promise<TierIgnore> } | null = null;
  private probe: Probe = null;
  /** An ignore file outside the repository (the global one), known once git names it. */
  private named: string | null = null;

  constructor(private readonly paths: StudioPaths) {}

  /** Every file whose change can change git's answer, by inode, size and time. */
  private fingerprint(): string {
    const { root, projectOrgDir } = this.paths;
    const files = ancestors(root).map((dir) => path.join(dir, ".git"));
    const top = this.probe?.top ?? root;
    const below = path.relative(top, projectOrgDir);
    let dir = top;
    files.push(path.join(dir, ".gitignore"));
    for (const part of below.startsWith("..") ? [] : below.split(path.sep).filter(Boolean)) {
      dir = path.join(dir, part);
      files.push(path.join(dir, ".gitignore"));
    }
    const xdg = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
    files.push(path.join(os.homedir(), ".gitconfig"), path.join(xdg, "git", "config"), path.join(xdg, "git", "ignore"));
    if (this.probe)
      files.push(path.join(this.probe.commonDir, "info", "exclude"), path.join(this.probe.commonDir, "config"));
    if (this.named) files.push(this.named);
    return files.map(stamp).join("\n");
  }

  /** Cached while none of the files behind the answer changed; `fresh` asks git again. */
  check(opts: { fresh?: boolean } = {}): Promise<TierIgnore> {
    const key = this.fingerprint();
    if (!opts.fresh && this.cached?.key === key) return this.cached.answer;
    const answer = this.ask().then((result) => {
      const outside = result.ignored && path.isAbsolute(result.rule.source) ? result.rule.file : null;
      // The first answer also says where the repository is, which adds files to watch.
      if (this.cached?.answer === answer) {
        this.named = outside;
        this.cached = { key: this.fingerprint(), answer };
      }
      return result;
    });
    this.cached = { key, answer };
    answer.catch(() => {
      if (this.cached?.answer === answer) this.cached = null;
    });
    return answer;
  }

  private async ask(): Promise<TierIgnore> {
    const { root, projectDir } = this.paths;
    let rev: Awaited<ReturnType<typeof git>>;
    try {
      rev = await git(root, ["rev-parse", "--show-toplevel", "--git-common-dir"]);
    } catch {
      // git is not installed, or the root is gone: nothing git could ignore.
      return NOT_IGNORED;
    }
    if (rev.code !== 0) {
      this.probe = null;
      return NOT_IGNORED;
    }
    const [top, common] = rev.stdout.toString("utf8").trim().split("\n");
    this.probe = { top, commonDir: path.resolve(root, common) };
    const posix = (p: string) => p.split(path.sep).join("/");
    const dir = posix(path.relative(root, projectDir));
    // Each thing the studio writes, inside the project folder: a folder and a file in it (a rule
    // such as `*.json` hides the files, not the folder), or the file itself.
    const entries = this.paths.adapter
      .gitVisible(this.paths)
      .map((v) => `${posix(path.relative(projectDir, v.path))}${v.dir ? "/" : ""}`);
    const probesOf = (entry: string) =>
      entry.endsWith("/") ? [`${dir}/${entry}`, `${dir}/${entry}probe.json`] : [`${dir}/${entry}`];
    const probes = [`${dir}/`, ...entries.flatMap(probesOf)];
    const result = await git(
      root,
      ["check-ignore", "-v", "-n", "--no-index", "-z", "--stdin"],
      `${probes.join("\0")}\0`,
    );
    // 0: something matched; 1: nothing did; anything else is git failing, which is no warning.
    if (result.code !== 0) return NOT_IGNORED;
    const fields = result.stdout.toString("utf8").split("\0");
    const matches = new Map<string, IgnoreRule>();
    for (let i = 0; i + 3 < fields.length; i += 4) {
      const [source, line, pattern, probe] = fields.slice(i, i + 4);
      if (!source || pattern.startsWith("!")) continue;
      matches.set(probe, { file: path.resolve(top, source), source, line: Number(line), pattern });
    }
    const hidden = entries.filter((entry) => probesOf(entry).some((probe) => matches.has(probe)));
    if (!hidden.length) return NOT_IGNORED;
    const rule = probesOf(hidden[0])
      .map((probe) => matches.get(probe))
      .find((r) => r !== undefined) as IgnoreRule;
    return { ignored: true, top, rule, hidesDir: matches.has(probes[0]), hidden };
  }
}
