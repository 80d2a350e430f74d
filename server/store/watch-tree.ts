import type { Dirent } from "node:fs";
import { type FSWatcher, lstatSync, readdirSync, watch } from "node:fs";
import path from "node:path";

/**
 * Watches a directory and the directories under it with one plain (non-recursive) `fs.watch` per
 * directory. Node 20's `watch(dir, { recursive: true })` on Linux watches each file's inode: once
 * a file is replaced by a rename (our own atomic writes, most editors, another studio process or
 * the CLI) the watch stays on the old inode, and later changes to that file are reported under a
 * temp file's name or not at all, so a cache relying on it would serve an old org for good. A
 * directory's watch reports every entry created, changed or renamed into place, by its name.
 */
export type TreeWatcher = { close(): void };

export function watchTree(
  root: string,
  opts: {
    /** Called with the changed path relative to `root`, `/`-separated. */
    onChange: (rel: string) => void;
    /** The root itself can no longer be watched (removed, unmounted). */
    onError: (error: Error) => void;
    /** Directories whose contents do not matter (runtime state, staging folders). */
    skipDir?: (rel: string) => boolean;
    maxDepth?: number;
  },
): TreeWatcher {
  const watchers = new Map<string, FSWatcher>();
  const maxDepth = opts.maxDepth ?? 6;
  let closed = false;
  const relOf = (full: string) => path.relative(root, full).split(path.sep).join("/");
  const isDir = (full: string) => {
    try {
      return lstatSync(full).isDirectory();
    } catch {
      return false;
    }
  };
  const drop = (dir: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched === dir || watched.startsWith(dir + path.sep)) {
        watcher.close();
        watchers.delete(watched);
      }
    }
  };

  const add = (dir: string, depth: number) => {
    if (closed || depth > maxDepth || (dir !== root && opts.skipDir?.(relOf(dir)))) return;
    // A directory removed and made again (a checkout, a pack reinstalled) needs a new watch.
    drop(dir);
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: false }, (event, name) => {
        if (closed) return;
        if (typeof name !== "string") {
          opts.onChange(relOf(dir));
          return;
        }
        const full = path.join(dir, name);
        opts.onChange(relOf(full));
        if (event === "rename") {
          if (isDir(full)) add(full, depth + 1);
          else if (watchers.has(full)) drop(full);
        }
      });
    } catch (error) {
      // The root must be watchable; a subdirectory may be gone again already (its parent reports it if it returns).
      if (dir === root) throw error;
      return;
    }
    watcher.on("error", (error) => {
      watcher.close();
      if (watchers.get(dir) === watcher) watchers.delete(dir);
      if (dir === root && !closed) opts.onError(error);
    });
    watchers.set(dir, watcher);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      // Symlinked directories are not followed: nothing in a tier may be a link.
      if (entry.isDirectory()) add(path.join(dir, entry.name), depth + 1);
    }
  };

  add(root, 0);
  return {
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
