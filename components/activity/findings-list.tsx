import { FINDINGS_SHOWN } from "@/lib/activity-view/filter";
import type { ActivityFinding } from "@/schemas/activity";

const TONE: Record<ActivityFinding["severity"], string> = {
  error: "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40",
  warning: "border-amber-300 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/40",
  info: "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900",
};

/** Findings of the activity records, one box per kind: the page and the panel both list them so. */
export function FindingsList(props: {
  title: string;
  findings: ActivityFinding[];
  severity: ActivityFinding["severity"];
  testId: string;
  /** Many findings that need no action now (unused entries of a whole org): closed until asked for. */
  folded?: boolean;
  /** Where the ones past the first FINDINGS_SHOWN are read in full. */
  rest?: string;
}) {
  if (props.findings.length === 0) return null;
  const more = props.findings.length - FINDINGS_SHOWN;
  const title = (
    <>
      {props.title} <span className="text-sm font-normal text-muted">({props.findings.length})</span>
    </>
  );
  const list = (
    <ul className="space-y-1 text-sm">
      {props.findings.slice(0, FINDINGS_SHOWN).map((f) => (
        <li key={`${f.id} ${f.at?.file}:${f.at?.line} ${f.message}`} data-testid={`finding-${f.id}`}>
          {f.message}
          {f.at && (
            <span className="ml-1 text-xs text-muted">
              ({f.at.file}:{f.at.line})
            </span>
          )}
        </li>
      ))}
    </ul>
  );
  const notListed = more > 0 && (
    <p className="mt-2 text-xs text-muted" data-testid={`${props.testId}-more`}>
      {more.toLocaleString("en")} more not listed here: {props.rest ?? "pick a worker profile above for its own"}, or{" "}
      <code>construct-studio activity --format json</code> lists every one.
    </p>
  );
  return (
    <section data-testid={props.testId} className={`mb-6 rounded-lg border p-4 ${TONE[props.severity]}`}>
      {props.folded ? (
        <details>
          <summary className="cursor-pointer font-semibold">{title}</summary>
          <div className="mt-2">
            {list}
            {notListed}
          </div>
        </details>
      ) : (
        <>
          <h2 className="mb-2 font-semibold">{title}</h2>
          {list}
          {notListed}
        </>
      )}
    </section>
  );
}
