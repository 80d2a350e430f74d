"use client";

import { useMemo, useState } from "react";
import { effectiveFence, normalizeFence, noTeamReason } from "@/lib/org/effective-fence";
import { checkAction, parseActionText } from "@/lib/org/fence";
import { withoutLintedEntry } from "@/lib/org/fence-lint-rules";
import { entityPath } from "@/lib/org/field-error";
import { FENCE_ACTIONS, type FenceAction } from "@/schemas/fence";
import type { FieldError } from "@/schemas/field-error";
import type { OrgRecords } from "@/schemas/kinds";
import type { OrgTestCase } from "@/schemas/org-test";
import { teamView } from "@/schemas/views";
import { errorsAt } from "./field-errors";
import { FieldShell, TagInput } from "./fields";
import { SaveFenceTest } from "./save-fence-test";

const TOGGLES = ["commit", "push", "bash"] as const;

// What an empty list means is said where the list is edited, as checkAction reads it.
const LIST_FIELDS = [
  { key: "allowedPaths", label: "Allowed paths (globs)", placeholder: "docs/**", hint: "None listed: no path" },
  {
    key: "allowedCommands",
    label: "Allowed commands (prefixes)",
    placeholder: "npm test",
    hint: "None listed: no command",
  },
  {
    key: "allowedBdLabels",
    label: "Allowed bd labels",
    placeholder: undefined,
    hint: "None listed: only next:* labels",
  },
] as const;

/** The effective fence is computed with the same functions the server uses. */
export function FencePanel({
  specialistId,
  onSaveTest,
  fence,
  team: teamRef,
  problems,
  suggestions,
  onChange,
}: {
  fence: unknown;
  /** The team the specialist names (`id`) and its record, when that team exists. */
  team: { id: string | null; record: OrgRecords["teams" | "groups"][string] | null };
  problems: FieldError[];
  suggestions: { decisions: string[] };
  onChange: (fence: Record<string, string[]>) => void;
  /** The saved specialist the tester's decisions can be pinned to as an org test. */
  specialistId?: string;
  onSaveTest?: (testCase: OrgTestCase) => void;
}) {
  const { id: teamId, record: team } = teamRef;
  const value = normalizeFence(fence);
  const effective = useMemo(() => effectiveFence(value, team), [value, team]);
  const [action, setAction] = useState("edit src/app.ts");
  const parsed = parseActionText(action);
  const decision = checkAction(effective, parsed.action, parsed.target);
  const set = (key: keyof typeof value, next: string[]) => onChange(compact({ ...value, [key]: next }));
  const approvalsBesidesToggles = value.approvalRequired.filter((a) => !(TOGGLES as readonly string[]).includes(a));
  const at = (path: string) => errorsAt(problems, `fence.${path}`);
  const items = (key: string) => itemProblems(problems, key);
  const approvalItems = items("approvalRequired");
  const noTeam = noTeamReason(teamId, team);
  // A shadowed or ineffective entry's fix is the edit a click on its × would make.
  const fixOf = (problem: FieldError) => {
    const next = withoutLintedEntry({ fence }, problem);
    return next ? () => onChange(next.fence as Record<string, string[]>) : null;
  };

  return (
    <div data-testid="fence-panel">
      {LIST_FIELDS.map(({ key, label, placeholder, hint }) => (
        <FieldShell key={key} label={label} path={`fence.${key}`} problems={at(key)} fixOf={fixOf} hint={hint}>
          {(id, invalid, describedBy) => (
            <TagInput
              id={id}
              describedBy={describedBy}
              testId={`tags-fence.${key}`}
              value={value[key]}
              itemProblems={items(key)}
              onChange={(v) => set(key, v)}
              invalid={invalid}
              placeholder={placeholder}
            />
          )}
        </FieldShell>
      ))}
      <div className="mb-3">
        <div className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">Needs approval</div>
        <div className="mb-1 flex gap-4">
          {TOGGLES.map((t) => (
            <label key={t} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                data-testid={`approval-${t}`}
                checked={value.approvalRequired.includes(t)}
                onChange={(e) =>
                  set(
                    "approvalRequired",
                    e.target.checked ? [...value.approvalRequired, t] : value.approvalRequired.filter((a) => a !== t),
                  )
                }
              />
              {t}
            </label>
          ))}
        </div>
        <FieldShell
          label="Other approvals (edit:<glob>, decisions)"
          path="fence.approvalRequired"
          problems={at("approvalRequired")}
          fixOf={fixOf}
        >
          {(id, invalid, describedBy) => (
            <TagInput
              id={id}
              describedBy={describedBy}
              value={approvalsBesidesToggles}
              itemProblems={Object.fromEntries(
                approvalsBesidesToggles.flatMap((entry, i) => {
                  const original = value.approvalRequired.indexOf(entry);
                  return approvalItems[original] ? [[i, approvalItems[original]]] : [];
                }),
              )}
              suggestions={suggestions.decisions}
              onChange={(v) =>
                set("approvalRequired", [
                  ...value.approvalRequired.filter((a) => (TOGGLES as readonly string[]).includes(a)),
                  ...v,
                ])
              }
              invalid={invalid}
              placeholder="edit:lib/**"
            />
          )}
        </FieldShell>
      </div>

      <section
        className="mb-3 rounded border border-slate-200 p-2 text-xs dark:border-slate-700"
        data-testid="effective-fence"
      >
        <h3 className="mb-1 font-semibold">Effective fence{team ? ` in ${teamView(team).id ?? ""}` : ""}</h3>
        {noTeam && (
          <p className="mb-1 text-warning" data-testid="effective-fence-reason">
            {noTeam}
          </p>
        )}
        <dl className="grid grid-cols-[8rem_1fr] gap-y-0.5">
          <dt className="text-muted">paths</dt>
          <dd className="font-mono">{effective.allowedPaths.join(", ") || "—"}</dd>
          <dt className="text-muted">commands</dt>
          <dd className="font-mono">{effective.allowedCommands.join(", ") || "—"}</dd>
          <dt className="text-muted">bd labels</dt>
          <dd className="font-mono" data-testid="effective-labels">
            {effective.allowedBdLabels.join(", ") || (noTeam ? "—" : "next:* only")}
          </dd>
          <dt className="text-muted">approval</dt>
          <dd className="font-mono">{effective.approvalRequired.join(", ") || "—"}</dd>
          <dt className="text-muted">denied by team</dt>
          <dd className="font-mono" data-testid="denied-actions">
            {effective.deniedActions.join(", ") || "—"}
          </dd>
        </dl>
      </section>

      <section className="rounded border border-slate-200 p-2 text-xs dark:border-slate-700">
        <label htmlFor="action-tester" className="mb-1 block font-semibold">
          Test an action
        </label>
        <input
          id="action-tester"
          data-testid="action-tester"
          value={action}
          onChange={(e) => setAction(e.target.value)}
          className="mb-1 w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
          placeholder="edit src/a.ts · bash git push · commit"
        />
        <div
          data-testid="action-decision"
          data-decision={decision.decision}
          className={
            decision.allowed
              ? "text-emerald-700 dark:text-emerald-400"
              : decision.decision === "needs-approval"
                ? "text-warning"
                : "text-red-700 dark:text-red-400"
          }
        >
          <strong>{decision.decision}</strong> — {decision.rule ?? decision.code}
        </div>
        {specialistId && onSaveTest && isFenceAction(parsed.action) && decision.decision !== "unknown-action" && (
          <SaveFenceTest
            specialistId={specialistId}
            text={action.trim()}
            action={parsed.action}
            target={parsed.target}
            decision={decision.decision}
            onSaveTest={onSaveTest}
          />
        )}
      </section>
    </div>
  );
}

/** Messages of the problems that point at one item of a fence list (`#/…/fence/<key>/<i>`), by index. */
function itemProblems(problems: readonly FieldError[], key: string): Record<number, string> {
  const out: Record<number, string> = {};
  for (const problem of problems) {
    const [fenceKey, listKey, index] = entityPath(problem.location);
    if (fenceKey === "fence" && listKey === key && index !== undefined && /^\d+$/.test(index))
      out[Number(index)] = out[Number(index)] ? `${out[Number(index)]}; ${problem.message}` : problem.message;
  }
  return out;
}

function compact(fence: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(fence)) if (k === "allowedPaths" || v.length) out[k] = v;
  return out;
}

const isFenceAction = (a: string): a is FenceAction => (FENCE_ACTIONS as readonly string[]).includes(a);
