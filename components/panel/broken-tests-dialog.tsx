import type { Ask } from "@/components/editor/shell-types";
import type { OrgTestResult } from "@/schemas/org-test";

/**
 * Asked before a save that makes passing org tests fail: each test by name with what fails. Cancel is
 * focused first, so Enter never saves by accident. Resolves true for "Save anyway".
 */
export async function askSaveBreaksTests(ask: Ask, id: string, broken: readonly OrgTestResult[]): Promise<boolean> {
  const n = broken.length;
  const answer = await ask(
    `This save breaks ${n} org test${n === 1 ? "" : "s"}`,
    <div className="space-y-2">
      <p>
        Saving <code>{id}</code> makes {n === 1 ? "this test, which passes now," : "these tests, which pass now,"} fail:
      </p>
      <ul className="list-disc space-y-1 pl-4" data-testid="broken-tests">
        {broken.map((r) => (
          <li key={`${r.file}#${r.index}`}>
            <span className="font-medium">{r.name}</span> ({r.file}): {r.detail}
          </li>
        ))}
      </ul>
      <p>Cancel writes nothing and keeps your draft.</p>
    </div>,
    [{ label: "Save anyway", value: "save", tone: "danger" }],
    { wide: true },
  );
  return answer === "save";
}
