import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrgTestCase } from "@/schemas/org-test";

// Loaded when the Changes overlay or a test view opens: their schemas use zod classic (~35 kB gz).
const plan = () => import("@/lib/api/plan");

/** Under "org", so `org-changed` keeps the views live. */
export const planKeys = {
  all: ["org", "plan"] as const,
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

export function useSaveTestCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (testCase: OrgTestCase) => (await plan()).saveTestCase(testCase),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.testFiles }),
  });
}
