import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrgTestCase } from "@/schemas/org-test";
import { planApi, planKeys } from "./plan";

/** Apart from the plan's queries: the pages that only read a plan or a test run load no mutation code. */
export function useSaveTestCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (testCase: OrgTestCase) => (await planApi()).saveTestCase(testCase),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.testFiles }),
  });
}
