"use client";

import type { Toast } from "@/components/editor/shell-types";
import { useSaveTestCase } from "@/lib/queries/save-test";
import type { OrgTestCase } from "@/schemas/org-test";

/** The fence tester's "Save as test": appends the case to the project's tests and says where. */
export function useSaveAsTest(toast: Toast) {
  const saveTest = useSaveTestCase();
  return async (testCase: OrgTestCase) => {
    try {
      const saved = await saveTest.mutateAsync(testCase);
      toast({ tone: "success", title: `Saved test “${testCase.name}”`, detail: saved.path });
    } catch (error) {
      toast({ tone: "error", title: "Test not saved", detail: error instanceof Error ? error.message : String(error) });
    }
  };
}
