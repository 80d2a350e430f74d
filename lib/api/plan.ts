import { apiFetch } from "@/lib/api-client";
import { savedTestSchema, testFilesSchema } from "@/schemas/api/plan";
import { type OrgTestCase, orgTestRunSchema } from "@/schemas/org-test";
import { planSchema } from "@/schemas/plan";

/**
 * HEAD is the server's default and goes unnamed: in a project that is not a git repository yet the
 * plan is then the org against the built-in tier, with a note saying so, rather than an error.
 */
export async function getPlan(against: string, signal?: AbortSignal) {
  const query = against === "HEAD" ? "" : `?against=${encodeURIComponent(against)}`;
  return (await apiFetch(`/api/plan${query}`, planSchema, { signal })).data;
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
