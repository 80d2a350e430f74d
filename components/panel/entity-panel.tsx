"use client";

import { type ComponentType, useCallback, useEffect, useMemo, useState } from "react";
import { useEditor, useEditorApi } from "@/components/editor/editor-store";
import { useToasts } from "@/components/editor/toasts";
import { useDeleteRecord } from "@/components/editor/use-delete-record";
import { usePanelFlow } from "@/components/editor/use-panel-state";
import { ContractForm } from "@/components/forms/contract-form";
import { FencePanel } from "@/components/forms/fence-panel";
import { PolicyForm } from "@/components/forms/policy-form";
import { RegistryForm } from "@/components/forms/registry-form";
import { SpecialistForm } from "@/components/forms/specialist-form";
import { TeamForm } from "@/components/forms/team-form";
import type { EntityFormProps } from "@/components/forms/use-entity-form";
import { WorkerProfileForm } from "@/components/forms/worker-profile-form";
import { ProblemList } from "@/components/org/problem-list";
import { DraftImpact } from "@/components/plan/draft-impact";
import { templateFor } from "@/lib/editor/drafts";
import { customProfileFrom } from "@/lib/org/custom-profile";
import { withoutLintedEntry } from "@/lib/org/fence-lint-rules";
import { buildIndex } from "@/lib/org/org-index";
import { type OrgData, rowKey } from "@/lib/queries/org";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import { ENTITY_KIND_SPECS, type EntityKind, type EntityRecord, type FormName } from "@/schemas/kinds";
import { AccessView } from "./access-view";
import { ActivityTab } from "./activity-tab";
import { BrokenJsonNote, JsonTab, UnknownFieldsNote } from "./form-notes";
import { formOptionsOf } from "./form-options";
import { MissingRecord } from "./missing-record";
import { PanelFooter, PanelHeader, PanelNotes, PanelTabs, type PromptSave, type Tab } from "./panel-chrome";
import { PANEL_FRAME } from "./panel-frame";
import { ProfileMemberships } from "./profile-memberships";
import { PromptEditor } from "./prompt-editor";
import { useDraft } from "./use-draft";
import { useKeptFocus } from "./use-kept-focus";
import { ownProblems, useProblems } from "./use-problems";
import { useSaveAsTest } from "./use-save-as-test";
import { useSaveFlow } from "./use-save-flow";
import { useTakenId } from "./use-taken-id";

/** The form of each kind (its spec names it): a kind whose form is missing here fails to compile. */
const FORMS: Record<FormName, ComponentType<EntityFormProps & { kind: EntityKind }>> = {
  specialist: SpecialistForm,
  team: (props) => <TeamForm {...props} kind={props.kind === "group" ? "group" : "team"} />,
  contract: ContractForm,
  policy: PolicyForm,
  "worker-profile": WorkerProfileForm,
  registry: RegistryForm,
};

export type PanelTarget = { kind: EntityKind; id: string | null };

type Props = { target: PanelTarget; data: OrgData; edits: OrgEdits };

export function EntityPanel(props: Props) {
  const { target, data } = props;
  const dirty = useEditor((s) => s.panelDirty);
  const { closePanel } = usePanelFlow();
  // An id that names no record opens as what it is, never as a template drafted under that id.
  if (target.id !== null && !data.rows[rowKey(target.kind, target.id)] && !dirty)
    return <MissingRecord kind={target.kind} id={target.id} onClose={() => void closePanel()} />;
  return <RecordPanel {...props} />;
}

function RecordPanel({ target, data, edits }: Props) {
  const store = useEditorApi();
  const ask = useEditor((s) => s.ask);
  const setDirty = useEditor((s) => s.setPanelDirty);
  // Problems the draft causes on other records, for the canvas to highlight.
  const onOtherProblems = useEditor((s) => s.setOtherProblems);
  const focusOn = useEditor((s) => s.focusOn);
  const activityHere = useEditor((s) => s.activityHere);
  const { push: toast } = useToasts();
  const { setPanel, closePanel, openPanel, focusPanel } = usePanelFlow();
  const onClose = () => void closePanel();
  const onOpen = (next: PanelTarget) => {
    setPanel(next, store.getState().panelOpener);
    focusPanel(next);
    // A record just created is selected and panned into view at the current zoom.
    if (next.id) focusOn(`${next.kind}:${next.id}`, true);
  };
  const { kind } = target;
  const isNew = target.id === null;
  const row = target.id ? data.rows[rowKey(kind, target.id)] : undefined;
  const options = useMemo(() => formOptionsOf(data), [data]);
  const base = useMemo<EntityRecord>(
    () =>
      row && kind === "worker-profile" && row.scope === "builtin"
        ? customProfileFrom(row.id, row.record)
        : (row?.record ?? templateFor(kind)),
    [row, kind],
  );
  const { state: draftState, dispatch, dirty, arrived, restored } = useDraft(target, base, row?.etag);
  const { draft, formBase, formKey, jsonText } = draftState;
  const panelRef = useKeptFocus(formKey);
  const index = useMemo(() => buildIndex(data.org, new Set(data.skills.map((s) => s.id))), [data]);
  const {
    problems: checked,
    setProblems,
    others,
    validate,
  } = useProblems({
    initial: target.id ? ownProblems(data.problems, kind, target.id) : [],
    kind,
    isNew,
    index,
    onOtherProblems,
  });
  if (arrived && target.id) setProblems(ownProblems(data.problems, kind, target.id));
  const taken = useTakenId({ kind, isNew, draft, data, open: (next) => void openPanel(next) });
  const recordProblems = taken.problem
    ? [taken.problem, ...checked.filter((p) => p.id !== taken.problem?.id)]
    : checked;
  const problems = draftState.broken ? [draftState.broken.problem, ...recordProblems] : recordProblems;
  const [tab, setTab] = useState<Tab>("form");
  const [promptSave, setPromptSave] = useState<PromptSave | null>(null);
  // Not state of its own: the store asks before a draft is dropped.
  useEffect(() => setDirty(dirty), [dirty, setDirty]);

  const onDraft = useCallback(
    (record: EntityRecord) => {
      dispatch({ type: "edit", draft: record });
      void validate(record);
    },
    [dispatch, validate],
  );
  const onValues = useCallback((record: EntityRecord) => dispatch({ type: "edit", draft: record }), [dispatch]);

  const { save, saving, readOnlyTier } = useSaveFlow({
    target,
    row,
    draft: draftState,
    dispatch,
    index,
    edits,
    ask,
    toast,
    setProblems,
    onOpen,
    org: data.org,
    hasErrors: problems.some((p) => p.severity === "error"),
  });
  const remove = useDeleteRecord(data, edits);

  const saveAsTest = useSaveAsTest(toast);

  const switchTab = (next: Tab) => {
    dispatch({ type: "tab", tab: next === "json" || next === "form" ? next : "other" });
    setTab(next);
  };

  const formProps = {
    formId: "entity-form",
    defaultValues: formBase,
    problems,
    options,
    isNew,
    onDraft,
    onValues,
    onSubmit: (r: EntityRecord) => void (taken.problem ? undefined : save(r)),
    idTaken: taken.idTaken,
  };
  const Form = FORMS[ENTITY_KIND_SPECS[kind].form];
  // A registry record is never saved, so no field of it is "kept on save".
  const unknown = ENTITY_KIND_SPECS[kind].writable ? problems.filter((p) => p.id === "unknown-field") : [];
  const team =
    kind === "specialist" && typeof draft.team === "string"
      ? (data.org.teams[draft.team] ?? data.org.groups[draft.team] ?? null)
      : null;
  const tabs: Tab[] = isNew
    ? ["form", "json"]
    : kind === "specialist"
      ? ["form", "fence", "access", "json", "prompt"]
      : kind === "worker-profile"
        ? ["form", "access", ...(activityHere ? (["activity"] as const) : []), "json"]
        : ["form", "json"];
  // A path in the Access view names specialists (or, in Construct 2.x, worker profiles) by id alone.
  const openPrincipal = async (id: string) => {
    const next: PanelTarget = { kind: data.org.specialists[id] ? "specialist" : "worker-profile", id };
    if (await openPanel(next)) focusOn(`${next.kind}:${id}`, true);
  };

  return (
    <aside
      ref={panelRef}
      data-testid="entity-panel"
      aria-label={`${kind} ${target.id ?? "new"}`}
      className={`nokey ${PANEL_FRAME}`}
    >
      <PanelHeader kind={kind} id={target.id} row={row} onClose={onClose} />
      <PanelNotes
        readOnlyTier={ENTITY_KIND_SPECS[kind].writable ? readOnlyTier : null}
        replacesWhole={ENTITY_KIND_SPECS[kind].merge === "replace"}
        source={row?.source}
        conflicts={draftState.conflicts}
        followed={draftState.followed}
        dirty={dirty}
        restored={restored}
        onDiscard={() => dispatch({ type: "reset", record: base, etag: row?.etag })}
      />
      <PanelTabs tabs={tabs} tab={tab} onSwitch={switchTab} />

      <div
        id="panel-tabpanel"
        role="tabpanel"
        aria-labelledby={`panel-tab-${tab}`}
        className="flex-1 overflow-y-auto px-4 py-3"
      >
        {(tab === "form" || tab === "fence") && (
          <BrokenJsonNote
            problem={draftState.broken?.problem ?? null}
            onOpenJson={() => switchTab("json")}
            onDiscard={() => dispatch({ type: "text", text: "", read: { ok: true, record: draft } })}
          />
        )}
        {tab === "form" && <UnknownFieldsNote unknown={unknown} />}
        <fieldset disabled={!!draftState.broken} className="contents">
          {tab === "form" && <Form key={formKey} {...formProps} kind={kind} />}
          {tab === "form" && kind === "worker-profile" && target.id && (
            <ProfileMemberships org={data.org} id={target.id} onOpen={(next) => void openPanel(next)} />
          )}
          {tab === "fence" && (
            <FencePanel
              specialistId={target.id ?? undefined}
              onSaveTest={(testCase) => saveAsTest(testCase)}
              fence={draft.fence}
              team={{ id: typeof draft.team === "string" ? draft.team : null, record: team }}
              problems={problems}
              suggestions={{ decisions: options.policies }}
              onChange={(fence) => onDraft({ ...draft, fence })}
            />
          )}
        </fieldset>
        {tab === "access" && target.id && (kind === "specialist" || kind === "worker-profile") && (
          <AccessView kind={kind} id={target.id} dirty={dirty} onOpen={(id) => void openPrincipal(id)} />
        )}
        {tab === "activity" && target.id && <ActivityTab id={target.id} draft={draft} onDraft={onDraft} />}
        {tab === "json" && (
          <JsonTab
            kind={kind}
            id={target.id}
            text={jsonText}
            problems={recordProblems}
            dispatch={dispatch}
            onRecord={(record) => void validate(record)}
          />
        )}
        {tab === "prompt" && target.id && (
          <PromptEditor
            specialistId={target.id}
            record={draft}
            onSaved={(path) => toast({ tone: "success", title: "Prompt saved", detail: path })}
            onError={(m) => toast({ tone: "error", title: "Prompt not saved", detail: m })}
            onSaveState={setPromptSave}
          />
        )}

        {problems.length > 0 && tab !== "prompt" && (
          <section className="mt-3" data-testid="panel-problems">
            <h3 className="mb-1 text-xs font-semibold uppercase text-muted">Problems</h3>
            <ProblemList
              problems={problems}
              fixOf={(p) => {
                const next = withoutLintedEntry(draft, p);
                return next ? () => onDraft(next) : null;
              }}
            />
          </section>
        )}
        {others.length > 0 && (
          <section
            className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-950/40"
            data-testid="other-problems"
          >
            <h3 className="mb-1 text-xs font-semibold text-amber-900 dark:text-amber-200">
              This change would cause problems elsewhere
            </h3>
            <ProblemList problems={others} />
          </section>
        )}
        {dirty && tab !== "prompt" && <DraftImpact org={data.org} kind={kind} draft={draft} />}
      </div>

      {/* A registry record is never written: no save, no delete. */}
      {ENTITY_KIND_SPECS[kind].writable && (
        <PanelFooter
          row={row}
          readOnly={!!readOnlyTier}
          tab={tab}
          state={{ dirty, isNew, saving, blocked: !!taken.problem }}
          onRemove={() => void (target.id && remove(kind, target.id))}
          onSave={() => void (taken.problem ? undefined : save(draft))}
          prompt={promptSave}
        />
      )}
    </aside>
  );
}
