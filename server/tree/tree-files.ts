import { statSync } from "node:fs";
import path from "node:path";
import { globMatch } from "@/lib/org/fence-glob";
import { git } from "../plan/git-org";

/**
 * The files of the project's working tree as git sees them: tracked, and untracked but not ignored
 * (`git ls-files -co --exclude-standard`), relative to the project root. The listing is kept until
 * the tree changes: a file added or removed changes its folder's time, and an edited ignore file or
 * index its own. Outside a git repository there is no listing, and nothing is said about globs.
 */

type Listing = { files: string[]; watched: string[]; matches: Map<string, boolean> };

function stamp(file: string): string {
  try {
    const s = statSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return "-";
  }
}

/** Folders from `from` up to the filesystem root, nearest first: where a `.git` can appear. */
function ancestors(from: string): string[] {
  const out: string[] = [];
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    out.push(dir);
    if (path.dirname(dir) === dir) return out;
  }
}

export class TreeFiles {
  private cached: { key: string; listing: Promise<Listing | null> } | null = null;

  constructor(private readonly root: string) {}

  /** Every file whose change can change the listing, by inode, size and time. */
  private fingerprint(listing: Listing | null): string {
    const files = ancestors(this.root).map((dir) => path.join(dir, ".git"));
    if (listing) files.push(...listing.watched);
    return files.map((f) => `${f}=${stamp(f)}`).join("\n");
  }

  private async read(): Promise<Listing | null> {
    let rev: Awaited<ReturnType<typeof git>>;
    try {
      rev = await git(this.root, ["rev-parse", "--absolute-git-dir", "--git-common-dir"]);
    } catch {
      return null;
    }
    if (rev.code !== 0) return null;
    const [gitDir, common] = rev.stdout.toString("utf8").trim().split("\n");
    const listed = await git(this.root, ["ls-files", "-co", "--exclude-standard", "-z"]);
    if (listed.code !== 0) return null;
    const files = listed.stdout.toString("utf8").split("\0").filter(Boolean);
    const folders = new Set<string>([this.root]);
    for (const file of files)
      for (let dir = path.posix.dirname(file); dir !== "."; dir = path.posix.dirname(dir)) {
        const full = path.join(this.root, dir);
        if (folders.has(full)) break;
        folders.add(full);
      }
    const ignoreFiles = files
      .filter((f) => path.posix.basename(f) === ".gitignore")
      .map((f) => path.join(this.root, f));
    const watched = [
      ...folders,
      ...ignoreFiles,
      path.join(gitDir, "index"),
      path.join(path.resolve(this.root, common), "info", "exclude"),
    ];
    return { files, watched, matches: new Map() };
  }

  /** The listing, from git only when the tree changed since the last one; null outside a repository. */
  async listing(): Promise<Listing | null> {
    if (this.cached) {
      const previous = await this.cached.listing.catch(() => null);
      if (this.cached && this.fingerprint(previous) === this.cached.key) return previous;
    }
    const listing = this.read();
    const entry = { key: "", listing };
    this.cached = entry;
    try {
      const result = await listing;
      entry.key = this.fingerprint(result);
      return result;
    } catch (error) {
      if (this.cached === entry) this.cached = null;
      throw error;
    }
  }

  /** A predicate over fence globs for one listing (answers kept per glob), or null outside a repository. */
  async matcher(): Promise<((glob: string) => boolean) | null> {
    const listing = await this.listing();
    if (!listing) return null;
    return (glob) => {
      let found = listing.matches.get(glob);
      if (found === undefined) {
        found = listing.files.some((file) => globMatch(glob, file));
        listing.matches.set(glob, found);
      }
      return found;
    };
  }
}
