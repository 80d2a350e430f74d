import path from "node:path";
import { AppError, ioError } from "../errors";
import { userPath } from "../org/tiers";

/**
 * Text about a pack staged in a temporary folder, with that folder's name taken out: a path inside it
 * becomes the path inside the pack, or under `shownAs` (where the pack will live) when given. The
 * folder is gone by the time anyone reads the text, and its name says nothing to the user.
 */
export function unstaged(dir: string, shownAs = ""): (text: string) => string {
  const names = [...new Set([dir, userPath(dir), dir.split(path.sep).join("/")])].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const name of names) {
      out = out.split(`${name}/`).join(shownAs ? `${shownAs}/` : "");
      out = out.split(name).join(shownAs || ".");
    }
    return out;
  };
}

/** Every string inside `value` (a JSON-shaped answer) passed through `rename`. */
export function renamedStrings<T>(value: T, rename: (text: string) => string): T {
  if (typeof value === "string") return rename(value) as T;
  if (Array.isArray(value)) return value.map((v) => renamedStrings(v, rename)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renamedStrings(v, rename)])) as T;
  return value;
}

/** The failure of work on a staged pack, as an AppError whose message and errors name no staging folder. */
export function unstagedError(error: unknown, what: string, rename: (text: string) => string): AppError {
  const e = ioError(error, what);
  return new AppError(e.code, rename(e.message), e.errors && renamedStrings(e.errors, rename), e.current);
}
