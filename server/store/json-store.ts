/**
 * The only modules that read and write org files, behind one import path: reads open once without
 * following links (`read.ts`), writes are atomic and confined (`write.ts`), multi-file writes go
 * through a staged transaction whose directory rename is the commit point (`transaction.ts`), and
 * writers of one tier take turns (`lock.ts`).
 */

export { pidAlive, withTierLock } from "./lock";
export {
  combineEtags,
  etagOf,
  MAX_FILE_BYTES,
  type NoFollowCode,
  NoFollowReadError,
  parsed,
  type ReadResult,
  readFileNoFollow,
  readFileNoFollowSync,
  readJsonFile,
  readJsonFileSync,
  readListedJsonFileSync,
  readTextNoFollow,
} from "./read";
export { commitFiles, type FileChange, recoverTier, sweepDeadTemps, tierNeedsRecovery } from "./transaction";
export { assertFits, atomicWrite, confinedPath, ensureGitIgnored, removeFile } from "./write";
