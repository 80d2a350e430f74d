import type { Dirent } from "node:fs";
import { type FSWatcher, lstatSync, readdirSync, watch } from "node:fs";
import path from "node:path";

/**
 * One plain `fs.watch` per directory: Linux's recursive watch follows each file's inode, so after a
 * rename-replace (atomic writes, most editors) changes are missed and a cache would serve an old org.
 */
export type TreeWatcher = { close(): void };

export function watchTree(
  root: string,
  opts: {
    onChange: (rel: string) => void;
    /** The root itself cannot be watched (removed, unmounted). */
    onError: (error: Error) => void;
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
