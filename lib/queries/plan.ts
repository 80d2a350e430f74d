import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { TestFileInput } from "@/lib/org-tests/run";
import type { OrgTestCase, OrgTestRun } from "@/schemas/org-test";
import type { Plan } from "@/schemas/plan";

/** Under "org": the SSE `org-changed` event refetches them, so the views stay live. */
export const planKeys = {
  plan: (against: string) => ["org", "plan", against] as const,
  testFiles: ["org", "tests", "files"] as const,
  testRun: ["org", "tests", "run"] as const,
};

export const planQuery = (against: string) =>
  queryOptions({
    queryKey: planKeys.plan(against),
    queryFn: async ({ signal }) =>
      (await apiFetch<Plan>(`/api/plan?against=${encodeURIComponent(against)}`, { signal })).data,
    retry: false,
  });

export const testFilesQuery = () =>
  queryOptions({
    queryKey: planKeys.testFiles,
    queryFn: async ({ signal }) => (await apiFetch<{ files: TestFileInput[] }>("/api/tests", { signal })).data.files,
  });

export const testRunQuery = () =>
  queryOptions({
    queryKey: planKeys.testRun,
    queryFn: async ({ signal }) =>
      (await apiFetch<OrgTestRun>("/api/tests/run", { method: "POST", body: {}, signal })).data,
  });

/** "Save as test": appends one case to `<proj>/tests/studio.test.json`. */
export async function saveTestCase(testCase: OrgTestCase): Promise<{ path: string; index: number }> {
  return (await apiFetch<{ path: string; index: number }>("/api/tests", { method: "POST", body: { case: testCase } }))
    .data;
}
