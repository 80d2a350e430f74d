import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { getPlan, getTestFiles, runTests, saveTestCase } from "@/lib/api/plan";

/** Under "org": the SSE `org-changed` event refetches them, so the views stay live. */
export const planKeys = {
  plan: (against: string) => ["org", "plan", against] as const,
  testFiles: ["org", "tests", "files"] as const,
  testRun: ["org", "tests", "run"] as const,
};

export const planQuery = (against: string) =>
  queryOptions({ queryKey: planKeys.plan(against), queryFn: ({ signal }) => getPlan(against, signal), retry: false });

export const testFilesQuery = () =>
  queryOptions({ queryKey: planKeys.testFiles, queryFn: ({ signal }) => getTestFiles(signal) });

export const testRunQuery = () =>
  queryOptions({ queryKey: planKeys.testRun, queryFn: ({ signal }) => runTests(signal) });

/** "Save as test": appends one case to `<proj>/tests/studio.test.json`; the test views refetch. */
export function useSaveTestCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTestCase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.testFiles }),
  });
}
