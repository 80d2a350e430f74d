import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { testsBrokenBy } from "@/lib/org-tests/draft-run";
import type { RunDraft } from "@/lib/org-tests/run";
import type { OrgRecords } from "@/schemas/kinds";
import type { OrgTestResult } from "@/schemas/org-test";
import { testFilesQuery } from "./plan";

/**
 * The org tests a draft would break if saved over `org`: the project's test files (cached with the panel's
 * preview of them), run on the saved org and on the org with the draft in place.
 */
export function useTestsBrokenBy(org: OrgRecords): (draft: RunDraft) => Promise<OrgTestResult[]> {
  const queryClient = useQueryClient();
  return useCallback(
    async (draft: RunDraft) => testsBrokenBy(org, await queryClient.fetchQuery(testFilesQuery()), draft),
    [org, queryClient],
  );
}
