import type { PromptFailure } from "@/lib/packs/failure-matrix";
import { AppError, type AppErrorCode } from "../errors";
import type { PromptHardFailure } from "../packs/prompt-resolver";

// Missing is not_found; present but unusable is invalid. A Record, so a new scenario cannot be forgotten.
const PROMPT_FAILURE_CODE: Record<PromptFailure, AppErrorCode> = {
  "pack-prompt-missing": "not_found",
  "optional-prompt-missing": "not_found",
  "builtin-prompt-missing": "not_found",
  "pack-prompt-malformed": "invalid",
  "project-prompt-malformed": "invalid",
  "pack-not-loaded": "invalid",
};

/** The resolver returns hard failures as data, for the embed runs; HTTP throws them. */
export function promptError(failure: PromptHardFailure): AppError {
  return new AppError(PROMPT_FAILURE_CODE[failure.scenario], failure.message);
}
