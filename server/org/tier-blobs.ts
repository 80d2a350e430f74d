import path from "node:path";
import type { Scope, Section } from "@/schemas/kinds";
import { MAX_FILE_BYTES, parsed, type ReadResult } from "../store/read";
import { addEntry, byFileName, displayPath, emptyTier, isRecordFileName, type TierData } from "./tiers";

export type TierBlob = { section: Section; name: string; content: Buffer | null; symlink?: boolean; oid?: string };

/**
 * A tier from git objects, with `loadTier`'s rules: bad names, unparseable files and links become FieldErrors.
 * `parsedByOid` keeps each blob's parse for the next commit that holds the same blob.
 */
export function tierFromBlobs(
  scope: Scope,
  dir: string,
  displayBase: string,
  blobs: readonly TierBlob[],
  parsedByOid?: Map<string, ReadResult>,
): TierData {
  const tier = emptyTier(scope, dir);
  const sorted = [...blobs].sort(byFileName);
  for (const blob of sorted) {
    if (!isRecordFileName(blob.name)) continue;
    const file = path.join(dir, blob.section, blob.name);
    const shown = `${displayPath(path.join(dir, blob.section), displayBase)}/${blob.name}`;
    addEntry(tier, blob.section, shown, blob.name, file, () =>
      blob.symlink
        ? {
            ok: false,
            code: "symlink",
            message: "is a symbolic link; org files must be regular files inside their tier",
          }
        : blob.content === null
          ? { ok: false, code: "not-regular", message: "is not a regular file" }
          : blob.content.length > MAX_FILE_BYTES
            ? { ok: false, code: "too-large", message: `is larger than ${MAX_FILE_BYTES} bytes` }
            : parseOnce(blob.content, blob.oid, parsedByOid),
    );
  }
  return tier;
}

function parseOnce(content: Buffer, oid: string | undefined, cache: Map<string, ReadResult> | undefined): ReadResult {
  const known = oid ? cache?.get(oid) : undefined;
  if (known) return known;
  const result = parsed(content);
  if (oid) cache?.set(oid, result);
  return result;
}
