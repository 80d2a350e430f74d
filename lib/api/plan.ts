import { apiFetch } from "@/lib/api-client";
import { savedTestSchema, testFilesSchema } from "@/schemas/api/plan";
import { type OrgTestCase, orgTestRunSchema } from "@/schemas/org-test";
import { planSchema } from "@/schemas/plan";

export async function getPlan(against: string, signal?: AbortSignal) {
  return (await apiFetch(`/api/plan?against=${encodeURIComponent(against)}`, planSchema, { signal })).data;
}

export async function getTestFiles(signal?: AbortSignal) {
  return (await apiFetch("/api/tests", testFilesSchema, { signal })).data.files;
}

/** With fence coverage, as the /tests page shows it. */
export async function runTests(signal?: AbortSignal) {
  return (await apiFetch("/api/tests/run", orgTestRunSchema, { method: "POST", body: { coverage: true }, signal }))
    .data;
}

/** "Save as test": appends one case to `<proj>/tests/studio.test.json`. */
export async function saveTestCase(testCase: OrgTestCase) {
  return (await apiFetch("/api/tests", savedTestSchema, { method: "POST", body: { case: testCase } })).data;
}
