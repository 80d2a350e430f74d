import type { PackProblem, PackRow } from "@/schemas/pack-manifest";

/** The id of the list of what stops a pack from loading, which its disabled Enable button points to. */
export const problemsId = (packId: string) => `pack-problems-${packId.replace(/[^a-zA-Z0-9_-]/g, "-")}`;

/** Why Enable cannot work, naming the list of problems it points to; null when it can. */
export function blockedBy(p: PackRow): { message: string; describedBy: string } | null {
  const n = p.problems.filter((q) => q.blocks).length;
  if (!n) return null;
  return {
    message: `Cannot be enabled: ${n === 1 ? "1 problem stops" : `${n} problems stop`} it from loading (listed below)`,
    describedBy: problemsId(p.id),
  };
}

function ProblemList({ problems, testId }: { problems: readonly PackProblem[]; testId: string }) {
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
      {problems.map((p) => (
        <li
          key={`${p.rule}:${p.file}:${p.message}`}
          data-testid={testId}
          data-rule={p.rule}
          data-file={p.file ?? ""}
          className="text-red-700 dark:text-red-400"
        >
          {p.message}{" "}
          <span className="text-slate-600 dark:text-slate-300">
            (<code>{p.rule}</code>
            {p.file ? (
              <>
                {" "}
                in <code>{p.file}</code>
              </>
            ) : null}
            )
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What is wrong with a pack, on its card: first what stops it from loading, then records Construct
 * would refuse (the pack loads, and enabling it previews what they break), then warnings.
 */
export function PackProblems({
  packId,
  problems,
  warnings,
}: {
  packId: string;
  problems: readonly PackProblem[];
  warnings: readonly string[];
}) {
  const blocking = problems.filter((p) => p.blocks);
  const records = problems.filter((p) => !p.blocks);
  return (
    <>
      {blocking.length > 0 && (
        <section id={problemsId(packId)} data-testid="pack-blocking-problems" className="mt-2">
          <h3 className="text-xs font-semibold text-red-700 dark:text-red-400">
            {blocking.length === 1 ? "1 problem stops" : `${blocking.length} problems stop`} this pack from loading
          </h3>
          <ProblemList problems={blocking} testId="pack-error" />
        </section>
      )}
      {records.length > 0 && (
        <section data-testid="pack-record-problems" className="mt-2">
          <h3 className="text-xs font-semibold text-red-700 dark:text-red-400">
            {records.length === 1 ? "1 record" : `${records.length} records`} Construct would refuse
          </h3>
          <ProblemList problems={records} testId="pack-record-problem" />
        </section>
      )}
      {warnings.map((w) => (
        <p key={w} data-testid="pack-warning" className="mt-1 text-xs text-warning">
          {w}
        </p>
      ))}
    </>
  );
}
