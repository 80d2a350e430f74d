// What the org's watchers follow and what they let pass.

/** Files beside the org whose change changes its problems: the ignore rules git reads. */
export const IGNORE_FILES: [string, string][] = [
  ["", ".gitignore"],
  [".git/info", "exclude"],
];

/**
 * Changes that do not touch the org: our own temp files and locks, runtime state, the studio's own
 * files except the accepted warnings (and their folder appearing, which may hold the list before the
 * folder's own watch starts).
 */
export const IGNORED_CHANGES =
  /(^|\/)(?:\.txn-|\.studio\.lock|\..*\.studio-tmp$)|^runtime(?:\/|$)|^studio\/(?!accepted\.json$)/;
export const IGNORED_DIRS = /(^|\/)\.txn-|^runtime$/;
