#!/usr/bin/env node
// Source text must stand on its own in a bare clone: no pointers to documents outside it, to issue
// or ADR numbers, and no notes about how the code was before. docs/ and README files may cite.
// Usage: `node scripts/check-comments.mjs [file…]` (no files: every tracked source file).
// The patterns are assembled from pieces so this file does not match them itself.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const word = (...parts) => `\\b${parts.join(" ")}\\b`;
export const BANNED = [
  ["design", "upstream"].map((name) => `${name}\\.md`).join("|"),
  `\\b${"issue"}\\s*#?\\s*\\d`,
  `\\b${"ADR"}-\\d`,
  word("used", "to"),
  word("previous" + "ly"),
  word("no", "longer"),
].map((source) => new RegExp(source, "i"));

const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|sh)$/;
const SHELL = /^#!.*\b(ba|z)?sh\b/;

/** Every banned match in one file's text, as 1-based line numbers with the matched text. */
export function findBanned(text) {
  const hits = [];
  text.split("\n").forEach((line, index) => {
    for (const pattern of BANNED) {
      const match = pattern.exec(line);
      if (match) hits.push({ line: index + 1, match: match[0], text: line.trim() });
    }
  });
  return hits;
}

const excluded = (file) => file.startsWith("docs/") || /(^|\/)README\.md$/.test(file);

function trackedSources(cwd) {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd, encoding: "utf8" }).split("\0").filter(Boolean);
  return files.filter((file) => {
    if (excluded(file)) return false;
    if (SOURCE.test(file)) return true;
    if (path.basename(file).includes(".")) return false;
    try {
      return SHELL.test(readFileSync(path.join(cwd, file), "utf8").split("\n", 1)[0]);
    } catch {
      return false;
    }
  });
}

/** Checks the given files (or every tracked source file under cwd); prints file:line per hit. */
export function checkComments(cwd, files = trackedSources(cwd)) {
  let count = 0;
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.resolve(cwd, file), "utf8");
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    for (const hit of findBanned(text)) {
      count++;
      console.log(`${file}:${hit.line}: "${hit.match}" in: ${hit.text}`);
    }
  }
  if (count > 0) console.log(`\n${count} comment(s) point outside the repository or describe the past.`);
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  process.exit(checkComments(process.cwd(), files.length > 0 ? files : undefined) > 0 ? 1 : 0);
}
