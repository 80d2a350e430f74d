"use client";

import { type Dispatch, useEffect, useRef, useState } from "react";
import { askConflicts } from "@/components/editor/conflict-dialog";
import type { Ask, Toast } from "@/components/editor/shell-types";
import { useToasts } from "@/components/editor/toasts";
import { ApiError } from "@/lib/api/error";
import { projectDrafts } from "@/lib/editor/draft-store";
import { diffPatch, rebaseDraft, settleConflicts } from "@/lib/editor/drafts";
import type { OrgIndex } from "@/lib/org/org-index";
import { validateDraft, validateNewTeam } from "@/lib/org/validate";
import { useTestsBrokenBy } from "@/lib/queries/draft-tests";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import type { ListRow } from "@/schemas/api/org";
import type { FieldError } from "@/schemas/field-error";
import { ENTITY_KIND_SPECS, type EntityRecord, type OrgRecords, SECTION_OF } from "@/schemas/kinds";
import { askSaveBreaksTests } from "./broken-tests-dialog";
import type { PanelTarget } from "./entity-panel";
import type { DraftAction, DraftState } from "./use-draft";

/** Every error, one per line: the toast scrolls rather than hide any. */
const listed = (errors: readonly FieldError[]) => errors.map((e) => `• ${e.message}`).join("\n");

/**
 * Browser rules first; an existing record settles fields changed on disk and asks before overriding a built-in
 * or pack record, then writes only changed fields. A 409 is rebased, asking only where both changed.
 */
export function useSaveFlow(ctx: {
  target: PanelTarget;
  row: ListRow | undefined;
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
  index: OrgIndex;
  edits: OrgEdits;
  ask: Ask;
  toast: Toast;
  setProblems: (problems: FieldError[]) => void;
  onOpen: (target: PanelTarget) => void;
  /** The saved org, which the org tests run on with the draft in place before anything is written. */
  org: OrgRecords;
  /** The draft has errors now: a refusal stays up while it does, and goes once they are fixed. */
  hasErrors: boolean;
}) {
  const { target, row, draft, dispatch, index, edits, ask, toast, setProblems } = ctx;
  const { dismiss } = useToasts();
  // One refusal message per panel, replaced by the next refusal rather than stacked under it.
  const refusal = useRef<number | null>(null);
  const refuse = (title: string, detail: string) => {
    refusal.current = toast({
      tone: "error",
      title,
      detail,
      ...(refusal.current === null ? {} : { id: refusal.current }),
    });
  };
  const fixed = !ctx.hasErrors && !draft.broken;
  useEffect(() => {
    if (!fixed || refusal.current === null) return;
    dismiss(refusal.current);
    refusal.current = null;
  }, [fixed, dismiss]);
  // A closed panel's refusal is about nothing on screen any more.
  useEffect(
    () => () => {
      if (refusal.current !== null) dismiss(refusal.current);
    },
    [dismiss],
  );
  const { kind } = target;
  const isNew = target.id === null;
  const [saving, setSaving] = useState(false);
  const brokenBy = useTestsBrokenBy(ctx.org);
  /** A save that makes a passing org test fail asks first; one that breaks none goes straight through. */
  const mayBreakTests = async (record: EntityRecord): Promise<boolean> => {
    const broken = await brokenBy({ kind, record });
    return !broken.length || (await askSaveBreaksTests(ask, String(record.id ?? target.id ?? ""), broken));
  };
  const readOnlyTier = row && (row.scope === "builtin" || row.scope === "pack") ? row.scope : null;
  // Only Construct 2.x replaces records whole, and it reads a project's files only under `.construct/`.
  const replacesWhole = ENTITY_KIND_SPECS[kind].merge === "replace";
  const projectTierLabel = replacesWhole ? ".construct/org" : ".cx/org";

  const write = async (patch: Record<string, unknown>, etag: string, previous = draft.origin): Promise<void> => {
    const id = target.id ?? "";
    const hadLayer = !!row && (row.scope === "project" || row.overrides.some((o) => o.scope === "project"));
    try {
      const result = await edits.save({ kind, id, patch, previous, etag, hadLayer, label: `edit ${kind} ${id}` });
      projectDrafts().drop(target);
      dispatch({ type: "reset", record: result.record, etag: result.etag });
      // Saved, but said plainly when the record carries warnings (a typo'd field name, say).
      const warned = result.warnings.map((w) => w.message);
      toast({
        tone: "success",
        title: `Saved ${kind} ${id}`,
        detail: [result.path, ...(warned.length ? [`${warned.length} warning(s):`, ...warned.slice(0, 3)] : [])].join(
          "\n",
        ),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 409 && error.current) {
        const current = error.current;
        const mineNow = { ...previous, ...patch };
        for (const [k, v] of Object.entries(patch)) if (v === null) delete mineNow[k];
        const rebased = rebaseDraft(previous, mineNow, current.record);
        let next = rebased.draft;
        if (rebased.conflicts.length) {
          const choices = await askConflicts(
            ask,
            "Changed on disk",
            <>
              Someone changed <code>{id}</code> after you opened it. For each field you both changed, keep yours or
              theirs; fields only they changed stay as they are on disk.
            </>,
            rebased.conflicts,
          );
          if (!choices) {
            dispatch({ type: "follow", theirs: current.record, etag: current.etag });
            return;
          }
          next = settleConflicts(next, current.record, choices);
        }
        const again = diffPatch(current.record, next);
        if (!Object.keys(again).length) {
          dispatch({ type: "reset", record: current.record, etag: current.etag });
          await edits.refresh();
          return;
        }
        dispatch({ type: "rebased", origin: current.record, etag: current.etag });
        await write(again, current.etag, current.record);
        return;
      }
      if (error.errors.length) {
        setProblems(error.errors);
        refuse(`Not saved: ${error.message}`, listed(error.errors));
      } else {
        refuse("Not saved", error.message);
      }
    }
  };

  const create = async (record: EntityRecord) => {
    // A new team names its owner specialist, moved into it by the same write: never an empty team.
    const { ownerSpecialist, ...entity } = record;
    const owner = kind === "team" && typeof ownerSpecialist === "string" ? ownerSpecialist : undefined;
    let result: Awaited<ReturnType<OrgEdits["create"]>>;
    try {
      result = await edits.create(
        kind,
        kind === "team" ? entity : record,
        `create ${kind} ${String(record.id)}`,
        "project",
        owner,
      );
    } catch (error) {
      // A refusal the browser could not foresee (the id taken meanwhile, say) is shown, never swallowed.
      if (!(error instanceof ApiError)) throw error;
      setProblems(error.errors);
      refuse(`Not created: ${error.message}`, listed(error.errors));
      return;
    }
    projectDrafts().drop(target);
    toast({ tone: "success", title: `Created ${kind} ${String(record.id)}`, detail: result.path });
    ctx.onOpen({ kind, id: String(record.id) });
  };

  const save = async (record: EntityRecord): Promise<void> => {
    // The last text that parsed is not what the user sees: nothing is saved until the JSON is fixed.
    if (draft.broken) {
      refuse("Not saved: the JSON does not parse", draft.broken.problem.message);
      return;
    }
    const { ownerSpecialist: owner, ...teamRecord } = record;
    const check =
      kind === "team" && isNew && typeof owner === "string" && owner
        ? validateNewTeam(index, teamRecord, owner)
        : validateDraft(index, kind, isNew ? record : { ...record, id: target.id });
    if (!check.ok) {
      setProblems([...check.errors, ...check.warnings]);
      const n = check.errors.length;
      refuse(`Not saved: ${n} error${n === 1 ? "" : "s"}`, listed(check.errors));
      return;
    }
    setSaving(true);
    try {
      if (isNew) {
        if (!(await mayBreakTests(kind === "team" ? teamRecord : record))) return;
        return await create(record);
      }
      let draftNow = record;
      if (draft.conflicts.length) {
        const choices = await askConflicts(
          ask,
          "Changed on disk",
          <>
            These fields of <code>{target.id}</code> changed on disk while you edited them. Keep yours or the version on
            disk, field by field; nothing else you did not change is written.
          </>,
          draft.conflicts,
        );
        if (!choices) return;
        draftNow = settleConflicts(record, draft.origin, choices);
        dispatch({ type: "settled", draft: draftNow });
      }
      // Only the fields the user changed: an overwrite never writes the others.
      const patch = diffPatch(draft.origin, draftNow);
      if (!Object.keys(patch).length) return;
      if (readOnlyTier) {
        const answer = await ask(
          `Override ${readOnlyTier === "pack" ? "pack" : "built-in"} ${kind}?`,
          <>
            <code>{row?.id}</code> comes from{" "}
            {readOnlyTier === "pack" ? <>the pack {row?.source ?? ""}</> : "the built-in org"} and is read-only. Saving
            writes a project {replacesWhole ? "copy" : "override"} (
            <code>
              {projectTierLabel}/{SECTION_OF[kind]}/{row?.id}.json
            </code>
            ){" "}
            {replacesWhole
              ? "holding the whole record, which Construct uses in its place."
              : "holding only the fields you changed."}
          </>,
          [{ label: "Create override", value: "override" }],
        );
        if (answer !== "override") return;
      }
      if (!(await mayBreakTests({ ...draftNow, id: target.id }))) return;
      await write(patch, draft.etag ?? row?.etag ?? "");
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, readOnlyTier };
}
