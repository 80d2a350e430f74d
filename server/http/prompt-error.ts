import type { PromptFailure } from "@/lib/packs/failure-matrix";
import { AppError, type AppErrorCode } from "../errors";
import type { PromptHardFailure } from "../packs/prompt-resolver";

/**
 * What each hard prompt failure answers over HTTP. A prompt that is not there is not_found; one
 * that is there but cannot be used (broken frontmatter, a pack that does not load) is invalid.
 * A Record over every scenario, so a new one cannot be forgotten.
 */
const PROMPT_FAILURE_CODE: Record<PromptFailure, AppErrorCode> = {
  "pack-prompt-missing": "not_found",
  "optional-prompt-missing": "not_found",
  "builtin-prompt-missing": "not_found",
  "pack-prompt-malformed": "invalid",
  "project-prompt-malformed": "invalid",
  "pack-not-loaded": "invalid",
};

/** The AppError for a prompt that resolves to a hard failure (the resolver returns it as data for the embed runs). */
export function promptError(failure: PromptHardFailure): AppError {
  return new AppError(PROMPT_FAILURE_CODE[failure.scenario], failure.message);
}
