import { existsSync } from "node:fs";
import path from "node:path";

/** Construct 2.x joins a custom worker profile's `promptFile` onto the project root, wherever the profile lives. */
export const promptFileLookup =
  (root: string) =>
  (file: string): boolean =>
    existsSync(path.join(root, file));
