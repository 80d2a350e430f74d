"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CodeEditor } from "@/components/editor/code-editor";
import { askConflicts } from "@/components/editor/conflict-dialog";
import type { DialogAction, DialogOptions } from "@/components/editor/dialog";
import type { ToastInput } from "@/components/editor/toasts";
import { ContractForm } from "@/components/forms/contract-form";
import { FencePanel } from "@/components/forms/fence-panel";
import { PolicyForm } from "@/components/forms/policy-form";
import { SpecialistForm } from "@/components/forms/specialist-form";
import { TeamForm } from "@/components/forms/team-form";
import type { FormOptions } from "@/components/forms/use-entity-form";
import { ProblemList } from "@/components/org/problem-list";
import { ScopeBadge } from "@/components/org/scope-badge";
import { DraftImpact } from "@/components/plan/draft-impact";
import { ApiError, apiFetch } from "@/lib/api-client";
import { sessionDrafts } from "@/lib/editor/draft-store";
import {
  diffPatch,
  type FieldConflict,
  isSameRecord,
  rebaseDraft,
  settleConflicts,
  templateFor,
} from "@/lib/editor/drafts";
import { isAtOrUnder } from "@/lib/json/pointer";
import { buildIndex } from "@/lib/org/org-index";
import { validateDraft, validateNewTeam } from "@/lib/org/validate";
import { type OrgData, rowKey } from "@/lib/queries/org";
import { saveTestCase } from "@/lib/queries/plan";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import { problemKeys } from "@/lib/react-keys";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import { jsonSchemaFor } from "@/schemas/json-schema";
import { type EntityKind, type EntityRecord, SECTION_OF } from "@/schemas/org";
import type { OrgTestCase } from "@/schemas/org-test";
import { PromptEditor } from "./prompt-editor";

export type PanelTarget = { kind: EntityKind; id: string | null };
type Tab = "form" | "json" | "fence" | "prompt";

type Props = {
  target: PanelTarget;
  data: OrgData;
  options: FormOptions;
  edits: OrgEdits;
  dark: boolean;
  toast: (t: ToastInput) => void;
  ask: (title: string, body: React.ReactNode, actions: DialogAction[], opts?: DialogOptions) => Promise<string | null>;
  onClose: () => void;
  /** Told whenever the panel gains or loses unsaved edits, so closing it or leaving can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
  onOpen: (target: PanelTarget) => void;
  /** Problems the draft causes on other entities, for the graph to highlight. */
  onOtherProblems: (problems: FieldError[]) => void;
};

const own = (problems: readonly FieldError[], kind: EntityKind, id: string) => {
  return problems.filter((p) => isAtOrUnder(p.location, [SECTION_OF[kind], id]));
};

export function EntityPanel(props: Props) {
  const { target, data, edits, toast, ask } = props;
  const { kind } = target;
  const isNew = target.id === null;
  const row = target.id ? data.rows[rowKey(kind, target.id)] : undefined;
  const base = useMemo<EntityRecord>(
    () => row?.record ?? templateFor(kind, Object.keys(data.org.teams)[0], data.skills[0]?.id),
    [row, kind, data.org.teams, data.skills],
  );
  // A draft left unsaved in this tab (a reload, a crash) comes back as it was, and is then moved
  // onto the current version of the record below like any draft that meets a newer file.
  const [stored] = useState(() => sessionDrafts().get(target));
  // `origin` is the version the draft is based on; the user's edits are the difference between them.
  const [origin, setOrigin] = useState<EntityRecord>(stored?.origin ?? base);
  const [draft, setDraft] = useState<EntityRecord>(stored?.draft ?? base);
  const [formBase, setFormBase] = useState<EntityRecord>(stored?.draft ?? base);
  const [formKey, setFormKey] = useState(0);
  const [conflicts, setConflicts] = useState<FieldConflict[]>([]);
  const [followed, setFollowed] = useState<string[]>([]);
  const [problems, setProblems] = useState<FieldError[]>(() => (target.id ? own(data.problems, kind, target.id) : []));
  const [others, setOthers] = useState<FieldError[]>([]);
  const [tab, setTab] = useState<Tab>("form");
  const [jsonText, setJsonText] = useState(() => JSON.stringify(stored?.draft ?? base, null, 2));
  const [saving, setSaving] = useState(false);
  const startedFrom = useRef<string | undefined>(stored ? (stored.originEtag ?? undefined) : row?.etag);
  const dirty = !isSameRecord(draft, origin);

  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (dirty) sessionDrafts().put(target, { origin, originEtag: startedFrom.current ?? null, draft });
    else sessionDrafts().drop(target);
  }, [dirty, draft, origin, target]);

  /** Starts over from `record` (saved, reloaded or discarded): no edits, no conflicts. */
  const resetTo = useCallback((record: EntityRecord, etag: string | undefined) => {
    setOrigin(record);
    setDraft(record);
    setFormBase(record);
    setFormKey((k) => k + 1);
    setJsonText(JSON.stringify(record, null, 2));
    setConflicts([]);
    setFollowed([]);
    startedFrom.current = etag;
  }, []);

  /**
   * The file changed on disk (or was saved): fields the user has not touched follow it, fields
   * only the user changed stay, and fields both changed differently become conflicts to settle.
   */
  const follow = useCallback(
    (theirs: EntityRecord, etag: string) => {
      const rebased = rebaseDraft(origin, draft, theirs);
      setFollowed(Object.keys(diffPatch(origin, theirs)).filter((f) => !rebased.conflicts.some((c) => c.field === f)));
      setOrigin(theirs);
      setDraft(rebased.draft);
      setFormBase(rebased.draft);
      setJsonText(JSON.stringify(rebased.draft, null, 2));
      setConflicts((before) => [
        ...before.filter((c) => !rebased.conflicts.some((n) => n.field === c.field)),
        ...rebased.conflicts,
      ]);
      startedFrom.current = etag;
      return rebased;
    },
    [origin, draft],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version of the record moves the draft
  useEffect(() => {
    if (!row || row.etag === startedFrom.current) return;
    if (target.id) setProblems(own(data.problems, kind, target.id));
    if (!dirty) resetTo(base, row.etag);
    else follow(base, row.etag);
  }, [row?.etag]);

  const index = useMemo(() => buildIndex(data.org, new Set(data.skills.map((s) => s.id))), [data]);
  const serverCheck = useRef(0);
  const validate = useCallback(
    async (record: EntityRecord) => {
      const show = (result: ValidationResult) => {
        const all = [...result.errors, ...result.warnings];
        const id = String(record.id ?? "");
        const mine = own(all, kind, id);
        const theirs = all.filter((p) => !mine.includes(p));
        setProblems(mine.length || !id ? all.filter((p) => !theirs.includes(p)) : mine);
        setOthers(theirs);
        props.onOtherProblems(theirs);
      };
      const { ownerSpecialist, ...entity } = record;
      const newTeam = kind === "team" && isNew && typeof ownerSpecialist === "string" && ownerSpecialist;
      // A new team is checked with its owner specialist moved in, as the server will write it.
      if (newTeam) return show(validateNewTeam(index, entity, ownerSpecialist));
      show(validateDraft(index, kind, kind === "team" ? entity : record));
      const ticket = ++serverCheck.current;
      try {
        const result = (
          await apiFetch<ValidationResult>("/api/org/validate", { method: "POST", body: { kind, record } })
        ).data;
        if (ticket === serverCheck.current) show(result);
      } catch {
        // The browser's verdict stands until the server answers.
      }
    },
    [index, kind, props, isNew],
  );

  const onDraft = useCallback(
    (record: EntityRecord) => {
      setDraft(record);
      void validate(record);
    },
    [validate],
  );
  const onValues = useCallback((record: EntityRecord) => setDraft(record), []);

  const readOnlyTier = row && (row.scope === "builtin" || row.scope === "pack") ? row.scope : null;

  // Plain functions, not callbacks: a save must see this render's draft, origin and conflicts.
  const save = async (record: EntityRecord): Promise<void> => {
    // Errors block a save before anything else is asked.
    const { ownerSpecialist: owner, ...teamRecord } = record;
    const check =
      kind === "team" && isNew && typeof owner === "string" && owner
        ? validateNewTeam(index, teamRecord, owner)
        : validateDraft(index, kind, isNew ? record : { ...record, id: target.id });
    if (!check.ok) {
      setProblems([...check.errors, ...check.warnings]);
      toast({
        tone: "error",
        title: `Not saved: ${check.errors.length} error${check.errors.length === 1 ? "" : "s"}`,
        detail: check.errors
          .slice(0, 3)
          .map((e) => e.message)
          .join("\n"),
      });
      return;
    }
    setSaving(true);
    try {
      if (isNew) {
        // A new team names its owner specialist, moved into it by the same write: never an empty team.
        const { ownerSpecialist, ...entity } = record;
        const owner = kind === "team" && typeof ownerSpecialist === "string" ? ownerSpecialist : undefined;
        const result = await edits.create(
          kind,
          kind === "team" ? entity : record,
          `create ${kind} ${String(record.id)}`,
          "project",
          owner,
        );
        sessionDrafts().drop(target);
        toast({ tone: "success", title: `Created ${kind} ${String(record.id)}`, detail: result.path });
        props.onOpen({ kind, id: String(record.id) });
        return;
      }
      let draftNow = record;
      if (conflicts.length) {
        const choices = await askConflicts(
          ask,
          "Changed on disk",
          <>
            These fields of <code>{target.id}</code> changed on disk while you edited them. Keep yours or the version on
            disk, field by field; nothing else you did not change is written.
          </>,
          conflicts,
        );
        if (!choices) return;
        draftNow = settleConflicts(record, origin, choices);
        setConflicts([]);
        setDraft(draftNow);
        setFormBase(draftNow);
        setFormKey((k) => k + 1);
      }
      // Only the fields the user changed: an overwrite never writes the others.
      const patch = diffPatch(origin, draftNow);
      if (!Object.keys(patch).length) return;
      if (readOnlyTier) {
        const answer = await ask(
          `Override ${readOnlyTier === "pack" ? "pack" : "built-in"} ${kind}?`,
          <>
            <code>{row?.id}</code> comes from{" "}
            {readOnlyTier === "pack" ? <>the pack {row?.source ?? ""}</> : "the built-in org"} and is read-only. Saving
            writes a project override (
            <code>
              .cx/org/{SECTION_OF[kind]}/{row?.id}.json
            </code>
            ) holding only the fields you changed.
          </>,
          [{ label: "Create override", value: "override" }],
        );
        if (answer !== "override") return;
      }
      await write(patch, startedFrom.current ?? row?.etag ?? "");
    } finally {
      setSaving(false);
    }
  };

  /** Saves `patch` against `etag`; a newer version on disk is followed, and asked about only where it conflicts. */
  const write = async (patch: Record<string, unknown>, etag: string, previous = origin): Promise<void> => {
    // Only an existing record is written here (a new one is created above), so it has its id.
    const id = target.id ?? "";
    const hadLayer = !!row && (row.scope === "project" || row.overrides.some((o) => o.scope === "project"));
    try {
      const result = await edits.save({
        kind,
        id,
        patch,
        previous,
        etag,
        hadLayer,
        label: `edit ${kind} ${target.id}`,
      });
      sessionDrafts().drop(target);
      resetTo(result.record, result.etag);
      // Saved, but said plainly when the record carries warnings (a typo'd field name, say).
      const warned = result.warnings.map((w) => w.message);
      toast({
        tone: "success",
        title: `Saved ${kind} ${target.id}`,
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
              Someone changed <code>{target.id}</code> after you opened it. For each field you both changed, keep yours
              or theirs; fields only they changed stay as they are on disk.
            </>,
            rebased.conflicts,
          );
          if (!choices) {
            follow(current.record, current.etag);
            return;
          }
          next = settleConflicts(next, current.record, choices);
        }
        const again = diffPatch(current.record, next);
        if (!Object.keys(again).length) {
          resetTo(current.record, current.etag);
          await edits.refresh();
          return;
        }
        setOrigin(current.record);
        startedFrom.current = current.etag;
        await write(again, current.etag, current.record);
        return;
      }
      if (error.errors.length) {
        setProblems(error.errors);
        toast({
          tone: "error",
          title: `Not saved: ${error.message}`,
          detail: error.errors
            .slice(0, 3)
            .map((e) => e.message)
            .join("\n"),
        });
      } else {
        toast({ tone: "error", title: "Not saved", detail: error.message });
      }
    }
  };
  const remove = useCallback(async () => {
    if (!row) return;
    const answer = await ask(
      `Delete ${kind} ${row.id}?`,
      <>
        This removes <code>{row.path}</code>
        {row.overrides.length ? "; the lower-tier version shows again" : ""}.
      </>,
      [{ label: "Delete", value: "delete", tone: "danger" }],
    );
    if (answer !== "delete") return;
    try {
      await edits.remove(kind, row.id, { etag: row.etag, label: `delete ${kind} ${row.id}` });
      sessionDrafts().drop(target);
      toast({ tone: "success", title: `Deleted ${kind} ${row.id}` });
      props.onClose();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409 || !error.errors.length) {
        toast({ tone: "error", title: "Not deleted", detail: error instanceof Error ? error.message : String(error) });
        return;
      }
      const problemKeyList = problemKeys(error.errors);
      const force = await ask(
        `${row.id} is still referenced`,
        <ul className="list-disc pl-4" data-testid="delete-references">
          {error.errors.map((e, i) => (
            <li key={problemKeyList[i]}>
              {e.message.replace(/^cannot remove [^:]+: /, "").replace(/; pass force.*$/, "")}
            </li>
          ))}
        </ul>,
        [{ label: "Delete anyway", value: "force", tone: "danger" }],
      );
      if (force === "force") {
        await edits.remove(kind, row.id, { force: true, etag: row.etag, label: `delete ${kind} ${row.id}` });
        toast({
          tone: "success",
          title: `Deleted ${kind} ${row.id}`,
          detail: `${error.errors.length} reference(s) now dangle`,
        });
        props.onClose();
      }
    }
  }, [ask, edits, kind, props, row, target, toast]);

  const saveAsTest = async (testCase: OrgTestCase) => {
    try {
      const saved = await saveTestCase(testCase);
      toast({ tone: "success", title: `Saved test “${testCase.name}”`, detail: saved.path });
    } catch (error) {
      toast({ tone: "error", title: "Test not saved", detail: error instanceof Error ? error.message : String(error) });
    }
  };

  const switchTab = (next: Tab) => {
    if (next === "json") setJsonText(JSON.stringify(draft, null, 2));
    if (next === "form") setFormBase(draft);
    setTab(next);
  };

  const formProps = {
    formId: "entity-form",
    defaultValues: formBase,
    problems,
    options: props.options,
    isNew,
    onDraft,
    onValues,
    onSubmit: (r: EntityRecord) => void save(r),
  };
  const unknown = problems.filter((p) => p.id === "unknown-field");
  const team =
    kind === "specialist" && typeof draft.team === "string"
      ? (data.org.teams[draft.team] ?? data.org.groups[draft.team] ?? null)
      : null;
  const tabs: Tab[] =
    kind === "specialist" ? (isNew ? ["form", "json"] : ["form", "fence", "json", "prompt"]) : ["form", "json"];

  return (
    <aside
      data-testid="entity-panel"
      aria-label={`${kind} ${target.id ?? "new"}`}
      className="nokey flex h-full w-[30rem] max-w-[45vw] flex-col border-l border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
    >
      <header className="flex items-start justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="min-w-0">
          <div className="text-xs uppercase tracking-wide text-slate-500">{isNew ? `new ${kind}` : kind}</div>
          <h2 className="truncate font-mono text-base font-semibold" data-testid="panel-title">
            {target.id ?? "—"}
          </h2>
          {row && (
            <div className="mt-0.5 flex items-center gap-2 text-xs text-slate-500">
              <ScopeBadge scope={row.scope} source={row.source} />
              <code className="truncate" title={row.path}>
                {row.path}
              </code>
              {row.overrides.length > 0 && <span>overrides {row.overrides.map((o) => o.scope).join(", ")}</span>}
            </div>
          )}
        </div>
        <button
          type="button"
          aria-label="Close panel"
          onClick={props.onClose}
          className="rounded px-2 py-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          ✕
        </button>
      </header>

      {readOnlyTier && (
        <p
          data-testid="read-only-note"
          className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
        >
          {readOnlyTier === "pack" ? `From the pack ${row?.source ?? ""}` : "Built in"}, read-only: saving writes a
          project override holding only the fields you change.
        </p>
      )}
      {conflicts.length > 0 && (
        <div
          role="alert"
          data-testid="stale-banner"
          className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          Changed on disk while you edited {conflicts.length === 1 ? "it" : "them"}:{" "}
          {conflicts.map((c) => (
            <code key={c.field} className="mr-1">
              {c.field}
            </code>
          ))}
          — Save asks which version of each to keep.
          <button type="button" className="ml-2 underline" onClick={() => resetTo(base, row?.etag)}>
            Discard mine, reload theirs
          </button>
        </div>
      )}
      {followed.length > 0 && conflicts.length === 0 && (
        <p
          data-testid="followed-note"
          className="border-b border-sky-200 bg-sky-50 px-4 py-1.5 text-xs text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
        >
          Updated from disk: {followed.join(", ")}
          {dirty ? "; your edits are kept." : "."}
        </p>
      )}

      <div className="flex gap-1 border-b border-slate-200 px-3 pt-2 dark:border-slate-800" role="tablist">
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            data-testid={`tab-${t}`}
            onClick={() => switchTab(t)}
            className={`rounded-t px-3 py-1.5 text-sm ${tab === t ? "border border-b-0 border-slate-200 bg-slate-50 font-medium dark:border-slate-700 dark:bg-slate-900" : "text-slate-500 hover:text-slate-800 dark:hover:text-slate-200"}`}
          >
            {t === "json" ? "JSON" : t[0].toUpperCase() + t.slice(1)}
          </button>
        ))}
      </div>

      <div className="flex-1 overflow-y-auto px-4 py-3">
        {tab === "form" && unknown.length > 0 && (
          <p
            data-testid="unknown-fields-note"
            className="mb-3 rounded border border-amber-300 bg-amber-50 px-2 py-1.5 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
          >
            Fields this form does not know, kept as they are on save (edit them in JSON):{" "}
            {unknown.map((p) => (
              <code key={p.location} className="mr-1" title={p.message}>
                {p.field}
              </code>
            ))}
          </p>
        )}
        {tab === "form" &&
          (kind === "specialist" ? (
            <SpecialistForm key={formKey} {...formProps} />
          ) : kind === "team" || kind === "group" ? (
            <TeamForm key={formKey} {...formProps} kind={kind} />
          ) : kind === "contract" ? (
            <ContractForm key={formKey} {...formProps} />
          ) : (
            <PolicyForm key={formKey} {...formProps} />
          ))}
        {tab === "fence" && (
          <FencePanel
            specialistId={target.id ?? undefined}
            onSaveTest={(testCase) => saveAsTest(testCase)}
            fence={draft.fence}
            team={team}
            teamId={typeof draft.team === "string" ? draft.team : null}
            problems={problems}
            suggestions={{ decisions: props.options.policies }}
            saving={saving}
            onChange={(fence) => onDraft({ ...draft, fence })}
            onSave={() => void save(draft)}
          />
        )}
        {tab === "json" && (
          <CodeEditor
            language="json"
            value={jsonText}
            dark={props.dark}
            problems={problems}
            schema={jsonSchemaFor(kind)}
            modelPath={`file:///${SECTION_OF[kind]}/${target.id ?? "new"}.json`}
            // Monaco owns the text while the user types; `jsonText` changes only when the draft is
            // replaced from outside (reset, the file changed). Feeding every keystroke back as the
            // value let a render that lagged behind the typing put older text back: lost keys.
            onChange={(text) => {
              try {
                const parsed = JSON.parse(text);
                if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) onDraft(parsed);
              } catch {
                // Monaco marks the syntax error itself.
              }
            }}
          />
        )}
        {tab === "prompt" && target.id && (
          <PromptEditor
            specialistId={target.id}
            dark={props.dark}
            onSaved={(path) => toast({ tone: "success", title: "Prompt saved", detail: path })}
            onError={(m) => toast({ tone: "error", title: "Prompt not saved", detail: m })}
          />
        )}

        {problems.length > 0 && tab !== "prompt" && (
          <section className="mt-3" data-testid="panel-problems">
            <h3 className="mb-1 text-xs font-semibold uppercase text-slate-500">Problems</h3>
            <ProblemList problems={problems} />
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

      <footer className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div>
          {row && !readOnlyTier && (
            <button
              type="button"
              data-testid="delete-entity"
              onClick={() => void remove()}
              className="rounded px-3 py-1.5 text-sm text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
            >
              {row.overrides.length ? `Revert to ${row.overrides[row.overrides.length - 1].scope}` : "Delete"}
            </button>
          )}
        </div>
        <div className="flex items-center gap-2">
          {dirty && (
            <span className="text-xs text-amber-600" data-testid="unsaved">
              unsaved
            </span>
          )}
          {(tab === "json" || tab === "form") && (
            <button
              type={tab === "form" ? "submit" : "button"}
              form={tab === "form" ? "entity-form" : undefined}
              data-testid="save-entity"
              disabled={saving || (!dirty && !isNew)}
              onClick={tab === "json" ? () => void save(draft) : undefined}
              className="rounded bg-sky-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-700 disabled:opacity-40"
            >
              {isNew ? "Create" : "Save"}
            </button>
          )}
        </div>
      </footer>
    </aside>
  );
}
