"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CodeEditor } from "@/components/editor/code-editor";
import type { DialogAction } from "@/components/editor/dialog";
import type { ToastInput } from "@/components/editor/toasts";
import { ContractForm } from "@/components/forms/contract-form";
import { FencePanel } from "@/components/forms/fence-panel";
import { SpecialistForm } from "@/components/forms/specialist-form";
import { TeamForm } from "@/components/forms/team-form";
import type { FormOptions } from "@/components/forms/use-entity-form";
import { ProblemList } from "@/components/org/problem-list";
import { ScopeBadge } from "@/components/org/scope-badge";
import { ApiError, apiFetch } from "@/lib/api-client";
import { diffPatch, isSameRecord, templateFor } from "@/lib/editor/drafts";
import { buildIndex } from "@/lib/org/org-index";
import { validateDraft, validateNewTeam } from "@/lib/org/validate";
import { type OrgData, rowKey } from "@/lib/queries/org";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import { jsonSchemaFor } from "@/schemas/json-schema";
import { type EntityKind, type EntityRecord, SECTION_OF } from "@/schemas/org";
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
  ask: (title: string, body: React.ReactNode, actions: DialogAction[]) => Promise<string | null>;
  onClose: () => void;
  onOpen: (target: PanelTarget) => void;
  /** Problems the draft causes on other entities, for the graph to highlight. */
  onOtherProblems: (problems: FieldError[]) => void;
};

const own = (problems: readonly FieldError[], kind: EntityKind, id: string) => {
  const prefix = `#/${SECTION_OF[kind]}/${id}`;
  return problems.filter((p) => p.location === prefix || p.location.startsWith(`${prefix}/`));
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
  const [draft, setDraft] = useState<EntityRecord>(base);
  const [formBase, setFormBase] = useState<EntityRecord>(base);
  const [problems, setProblems] = useState<FieldError[]>(() => (target.id ? own(data.problems, kind, target.id) : []));
  const [others, setOthers] = useState<FieldError[]>([]);
  const [tab, setTab] = useState<Tab>("form");
  const [jsonText, setJsonText] = useState(() => JSON.stringify(base, null, 2));
  const [saving, setSaving] = useState(false);
  const startedFrom = useRef(row?.etag);
  const dirty = !isSameRecord(draft, base);

  // Files changed on disk while the panel was open: follow them unless the user has unsaved edits.
  useEffect(() => {
    if (dirty) return;
    setDraft(base);
    setFormBase(base);
    setJsonText(JSON.stringify(base, null, 2));
    startedFrom.current = row?.etag;
    if (target.id) setProblems(own(data.problems, kind, target.id));
    // Only a new version of the record resets the draft.
  }, [row?.etag]);
  const stale = dirty && !!row && startedFrom.current !== row.etag;

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

  const save = useCallback(
    async (record: EntityRecord, etag?: string) => {
      setSaving(true);
      try {
        if (isNew) {
          const { ownerSpecialist, ...entity } = record;
          const owner = kind === "team" && typeof ownerSpecialist === "string" ? ownerSpecialist : undefined;
          const result = await edits.create(
            kind,
            kind === "team" ? entity : record,
            `create ${kind} ${String(record.id)}`,
            "project",
            owner,
          );
          toast({ tone: "success", title: `Created ${kind} ${String(record.id)}`, detail: result.path });
          props.onOpen({ kind, id: String(record.id) });
          return;
        }
        const patch = diffPatch(base, record);
        if (!Object.keys(patch).length) return;
        if (row && row.scope === "builtin" && !etag) {
          const answer = await ask(
            `Override built-in ${kind}?`,
            <>
              <code>{row.id}</code> is built in and read-only. Saving writes a project override (
              <code>
                .cx/org/{SECTION_OF[kind]}/{row.id}.json
              </code>
              ) holding only the fields you changed.
            </>,
            [{ label: "Create override", value: "override" }],
          );
          if (answer !== "override") return;
        }
        const hadLayer = !!row && (row.scope === "project" || row.overrides.some((o) => o.scope === "project"));
        // Saved against the version the user started from: a newer one on disk is never overwritten unasked.
        const result = await edits.save({
          kind,
          id: target.id!,
          patch,
          previous: base,
          etag: etag ?? startedFrom.current ?? row?.etag,
          hadLayer,
          label: `edit ${kind} ${target.id}`,
        });
        startedFrom.current = result.etag;
        toast({ tone: "success", title: `Saved ${kind} ${target.id}`, detail: result.path });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 409 && error.current) {
          const answer = await ask(
            "Changed on disk",
            <>
              Someone changed <code>{target.id}</code> after you opened it. Keep your edit and overwrite theirs, or
              reload theirs and drop your edit?
            </>,
            [
              { label: "Overwrite with mine", value: "overwrite", tone: "danger" },
              { label: "Reload theirs", value: "reload", tone: "plain" },
            ],
          );
          if (answer === "overwrite") await save(record, error.current.etag);
          if (answer === "reload") {
            setDraft(error.current.record);
            setFormBase(error.current.record);
            setJsonText(JSON.stringify(error.current.record, null, 2));
            startedFrom.current = error.current.etag;
            await edits.refresh();
          }
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
      } finally {
        setSaving(false);
      }
    },
    [ask, base, edits, isNew, kind, props, row, target.id, toast],
  );

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
      toast({ tone: "success", title: `Deleted ${kind} ${row.id}` });
      props.onClose();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409 || !error.errors.length) {
        toast({ tone: "error", title: "Not deleted", detail: error instanceof Error ? error.message : String(error) });
        return;
      }
      const force = await ask(
        `${row.id} is still referenced`,
        <ul className="list-disc pl-4" data-testid="delete-references">
          {error.errors.map((e, i) => (
            <li key={i}>{e.message.replace(/^cannot remove [^:]+: /, "").replace(/; pass force.*$/, "")}</li>
          ))}
        </ul>,
        [{ label: "Delete anyway", value: "force", tone: "danger" }],
      );
      if (force === "force") {
        await edits.remove(kind, row.id, { force: true, label: `delete ${kind} ${row.id}` });
        toast({
          tone: "success",
          title: `Deleted ${kind} ${row.id}`,
          detail: `${error.errors.length} reference(s) now dangle`,
        });
        props.onClose();
      }
    }
  }, [ask, edits, kind, props, row, toast]);

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
    onSubmit: (r: EntityRecord) => void save(r),
  };
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
      className="flex h-full w-[30rem] max-w-[45vw] flex-col border-l border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
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

      {stale && (
        <div
          role="alert"
          data-testid="stale-banner"
          className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          This {kind} changed on disk while you were editing. Saving will ask whether to overwrite it.
          <button
            type="button"
            className="ml-2 underline"
            onClick={() => {
              setDraft(base);
              setFormBase(base);
              startedFrom.current = row?.etag;
            }}
          >
            Reload theirs
          </button>
        </div>
      )}

      <nav className="flex gap-1 border-b border-slate-200 px-3 pt-2 dark:border-slate-800" role="tablist">
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
      </nav>

      <div className="flex-1 overflow-y-auto px-4 py-3">
        {tab === "form" &&
          (kind === "specialist" ? (
            <SpecialistForm {...formProps} />
          ) : kind === "team" || kind === "group" ? (
            <TeamForm {...formProps} kind={kind} />
          ) : kind === "contract" ? (
            <ContractForm {...formProps} />
          ) : (
            <p className="text-sm text-slate-500">Policies are edited as JSON.</p>
          ))}
        {tab === "fence" && (
          <FencePanel
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
            onChange={(text) => {
              setJsonText(text);
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
      </div>

      <footer className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div>
          {row && row.scope !== "builtin" && (
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
