"use client";

import { useState } from "react";
import type { FieldConflict } from "@/lib/editor/drafts";
import type { DialogAction } from "./dialog";

export type Choices = Record<string, "mine" | "theirs">;
type Ask = (
  title: string,
  body: React.ReactNode,
  actions: DialogAction[],
  opts?: { wide?: boolean },
) => Promise<string | null>;

const shown = (value: unknown) => (value === undefined ? "(absent)" : JSON.stringify(value, null, 2));

function ConflictChoices({
  conflicts,
  choices,
  mineLabel,
}: {
  conflicts: FieldConflict[];
  choices: Choices;
  mineLabel: string;
}) {
  const [picked, setPicked] = useState<Choices>({ ...choices });
  const pick = (field: string, choice: "mine" | "theirs") => {
    choices[field] = choice;
    setPicked({ ...choices });
  };
  return (
    <div className="max-h-[60vh] space-y-3 overflow-y-auto" data-testid="conflict-fields">
      {conflicts.map((c) => (
        <fieldset key={c.field} className="rounded border border-slate-200 p-2 dark:border-slate-700">
          <legend className="px-1 font-mono text-xs font-semibold text-slate-700 dark:text-slate-200">{c.field}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["mine", "theirs"] as const).map((side) => (
              <label
                key={side}
                data-testid={`conflict-${c.field}-${side}`}
                className={`block cursor-pointer rounded border p-2 ${picked[c.field] === side ? "border-sky-500 bg-sky-50 dark:bg-sky-950/40" : "border-slate-200 dark:border-slate-700"}`}
              >
                <span className="mb-1 flex items-center gap-1.5 text-xs font-medium">
                  <input
                    type="radio"
                    name={`conflict-${c.field}`}
                    checked={picked[c.field] === side}
                    onChange={() => pick(c.field, side)}
                  />
                  {side === "mine" ? mineLabel : "On disk"}
                </span>
                <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-words font-mono text-[11px] text-slate-800 dark:text-slate-200">
                  {shown(side === "mine" ? c.mine : c.theirs)}
                </pre>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** Null when the user cancels: then nothing is written. */
export async function askConflicts(
  ask: Ask,
  title: string,
  intro: React.ReactNode,
  conflicts: FieldConflict[],
  apply = "Save with these choices",
  mineLabel = "Mine",
): Promise<Choices | null> {
  const choices: Choices = Object.fromEntries(conflicts.map((c) => [c.field, "mine" as const]));
  const answer = await ask(
    title,
    <>
      <p className="mb-3">{intro}</p>
      <ConflictChoices conflicts={conflicts} choices={choices} mineLabel={mineLabel} />
    </>,
    [{ label: apply, value: "apply" }],
    { wide: true },
  );
  return answer === "apply" ? choices : null;
}
