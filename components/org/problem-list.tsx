import { problemKeys } from "@/lib/react-keys";
import type { FieldError } from "@/schemas/field-error";

export function ProblemList({ problems }: { problems: FieldError[] }) {
  const keys = problemKeys(problems);
  return (
    <ul className="space-y-1">
      {problems.map((p, i) => (
        <li key={keys[i]} data-testid="problem" data-severity={p.severity} className="text-sm">
          <span
            className={
              p.severity === "error"
                ? "font-semibold text-red-700 dark:text-red-400"
                : "font-semibold text-amber-700 dark:text-amber-400"
            }
          >
            {p.severity}
          </span>{" "}
          <code className="text-xs text-muted">{p.id}</code> {p.message}
          {!p.message.includes(p.path ?? p.location) && (
            <span className="ml-2 font-mono text-xs text-muted">{p.path ?? p.location}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
