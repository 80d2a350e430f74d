import { problemKeys } from "@/lib/react-keys";
import type { FieldError } from "@/schemas/field-error";

export function ProblemList({
  problems,
  onOpen,
  canOpen = () => true,
  hrefOf,
  fixOf,
}: {
  problems: FieldError[];
  /** The one-click fix of a problem, applied as a hand edit of the draft would be; null when it has none. */
  fixOf?: (problem: FieldError) => (() => void) | null;
  onOpen?: (problem: FieldError) => void;
  canOpen?: (problem: FieldError) => boolean;
  hrefOf?: (problem: FieldError) => string;
}) {
  const keys = problemKeys(problems);
  return (
    <ul className="space-y-1">
      {problems.map((p, i) => {
        const body = (
          <>
            <span
              className={
                p.severity === "error" ? "font-semibold text-red-700 dark:text-red-400" : "font-semibold text-warning"
              }
            >
              {p.severity}
            </span>{" "}
            <code className="text-xs text-muted">{p.id}</code> {p.message}
            {!p.message.includes(p.path ?? p.location) && (
              <span className="ml-2 font-mono text-xs text-muted">{p.path ?? p.location}</span>
            )}
            {p.fixBy && (
              <span data-testid="problem-fix-by" className="block text-xs text-muted">
                {p.fixBy}
              </span>
            )}
          </>
        );
        return (
          <li key={keys[i]} data-testid="problem" data-severity={p.severity} className="text-sm">
            {hrefOf && canOpen(p) ? (
              <a href={hrefOf(p)} data-testid="open-problem" data-location={p.location} className="hover:underline">
                {body}
              </a>
            ) : onOpen && canOpen(p) ? (
              <button
                type="button"
                data-testid="open-problem"
                data-location={p.location}
                onClick={() => onOpen(p)}
                className="w-full rounded px-1 py-0.5 text-left hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              >
                {body}
              </button>
            ) : (
              body
            )}
            <FixButton fix={fixOf?.(p)} />
          </li>
        );
      })}
    </ul>
  );
}

/** "Remove entry": the fix a shadowed or ineffective fence entry has. */
export function FixButton({ fix }: { fix: (() => void) | null | undefined }) {
  if (!fix) return null;
  return (
    <button
      type="button"
      data-testid="problem-fix"
      onClick={fix}
      className="ml-2 rounded border border-slate-300 px-1.5 py-0 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      Remove entry
    </button>
  );
}
