// The one import path for reading and writing org files.
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
