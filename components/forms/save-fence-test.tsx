"use client";

import { useState } from "react";
import type { FenceAction, FenceDecision } from "@/schemas/fence";
import type { FenceCase, OrgTestCase } from "@/schemas/org-test";

/**
 * "Save as test" under the fence tester: pins the decision the tester shows, or claims that no path
 * of handoffs, contracts or escalations from the specialist ever grants the action ("never reaches").
 */
export function SaveFenceTest({
  specialistId,
  text,
  action,
  target,
  decision,
  onSaveTest,
}: {
  specialistId: string;
  /** The action as typed, for the case's name. */
  text: string;
  action: FenceAction;
  target: string;
  decision: FenceDecision["decision"];
  onSaveTest: (testCase: OrgTestCase) => void;
}) {
  const [expect, setExpect] = useState<"decision" | "unreachable">("decision");
  const save = () =>
    onSaveTest(
      expect === "unreachable"
        ? { name: `${specialistId} never reaches ${text}`, specialist: specialistId, action, target, expect }
        : {
            name: `${specialistId}: ${text} is ${decision}`,
            specialist: specialistId,
            action,
            target,
            expect: decision as FenceCase["expect"],
          },
    );
  return (
    // The expectation's longest option is wider than the panel: the picker shrinks, the button stays in view.
    <div className="mt-1 flex flex-wrap items-center gap-1">
      <label htmlFor="save-test-expect" className="text-muted">
        Expect
      </label>
      <select
        id="save-test-expect"
        data-testid="save-test-expect"
        value={expect}
        onChange={(e) => setExpect(e.target.value === "unreachable" ? "unreachable" : "decision")}
        className="min-w-0 flex-1 truncate rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
      >
        <option value="decision">{decision} (this fence)</option>
        <option value="unreachable">never reaches (through handoffs, contracts or escalations)</option>
      </select>
      <button
        type="button"
        data-testid="save-fence-test"
        className="shrink-0 rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        onClick={save}
      >
        Save as test
      </button>
    </div>
  );
}
