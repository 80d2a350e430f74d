import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrgTestCase } from "@/schemas/org-test";

// The plan and test views' answers are parsed with schemas built on zod classic (schemas/plan.ts,
// schemas/org-test.ts: about 35 kB gz). The editor names these queries but runs them only when
// the Changes overlay or a test view opens, so the typed client loads then, not with the page.
const plan = () => import("@/lib/api/plan");

/** Under "org": the SSE `org-changed` event refetches them, so the views stay live. */
export const planKeys = {
  plan: (against: string) => ["org", "plan", against] as const,
  testFiles: ["org", "tests", "files"] as const,
  testRun: ["org", "tests", "run"] as const,
};

export const planQuery = (against: string) =>
  queryOptions({
    queryKey: planKeys.plan(against),
    queryFn: async ({ signal }) => (await plan()).getPlan(against, signal),
    retry: false,
  });

export const testFilesQuery = () =>
  queryOptions({ queryKey: planKeys.testFiles, queryFn: async ({ signal }) => (await plan()).getTestFiles(signal) });

export const testRunQuery = () =>
  queryOptions({ queryKey: planKeys.testRun, queryFn: async ({ signal }) => (await plan()).runTests(signal) });

/** "Save as test": appends one case to `<proj>/tests/studio.test.json`; the test views refetch. */
export function useSaveTestCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (testCase: OrgTestCase) => (await plan()).saveTestCase(testCase),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.testFiles }),
  });
}
