"use client";

import { useEffect, useReducer, useState } from "react";
import { projectDrafts, type StoredDraft } from "@/lib/editor/draft-store";
import { diffPatch, type FieldConflict, isSameRecord, rebaseDraft } from "@/lib/editor/drafts";
import { type JsonText, jsonTextLocation, readJsonText } from "@/lib/editor/json-text";
import type { FieldError } from "@/schemas/field-error";
import type { EntityRecord } from "@/schemas/kinds";
import type { PanelTarget } from "./entity-panel";

/** `origin` is the version the draft is based on (at `etag`); `formBase`/`formKey` remount the form on a replace. */
export type DraftState = {
  origin: EntityRecord;
  draft: EntityRecord;
  formBase: EntityRecord;
  formKey: number;
  jsonText: string;
  conflicts: FieldConflict[];
  /** Fields that followed a newer version on disk. */
  followed: string[];
  etag: string | undefined;
  /** The JSON tab's text while it does not parse: kept across tabs, and Save refuses it with `problem`. */
  broken: { text: string; problem: FieldError } | null;
};

export type DraftAction =
  | { type: "reset"; record: EntityRecord; etag: string | undefined }
  | { type: "follow"; theirs: EntityRecord; etag: string }
  | { type: "edit"; draft: EntityRecord }
  | { type: "text"; text: string; read: JsonText }
  | { type: "settled"; draft: EntityRecord }
  | { type: "rebased"; origin: EntityRecord; etag: string }
  | { type: "tab"; tab: "json" | "form" | "other" };

const json = (record: EntityRecord) => JSON.stringify(record, null, 2);

function reduce(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case "reset": {
      const { record, etag } = action;
      return {
        origin: record,
        draft: record,
        formBase: record,
        formKey: state.formKey + 1,
        jsonText: json(record),
        conflicts: [],
        followed: [],
        etag,
        broken: null,
      };
    }
    // A file changed on disk: untouched fields follow it, and fields both sides changed differently become conflicts.
    case "follow": {
      const rebased = rebaseDraft(state.origin, state.draft, action.theirs);
      return {
        ...state,
        followed: Object.keys(diffPatch(state.origin, action.theirs)).filter(
          (f) => !rebased.conflicts.some((c) => c.field === f),
        ),
        origin: action.theirs,
        draft: rebased.draft,
        formBase: rebased.draft,
        // Text that does not parse is the user's too: it stays until they fix or discard it.
        jsonText: state.broken ? state.jsonText : json(rebased.draft),
        conflicts: [
          ...state.conflicts.filter((c) => !rebased.conflicts.some((n) => n.field === c.field)),
          ...rebased.conflicts,
        ],
        etag: action.etag,
      };
    }
    case "edit":
      return { ...state, draft: action.draft };
    case "text":
      return action.read.ok
        ? { ...state, draft: action.read.record, broken: null }
        : { ...state, broken: { text: action.text, problem: action.read.problem } };
    case "settled":
      return { ...state, conflicts: [], draft: action.draft, formBase: action.draft, formKey: state.formKey + 1 };
    case "rebased":
      return { ...state, origin: action.origin, etag: action.etag };
    case "tab":
      if (action.tab === "json") return { ...state, jsonText: state.broken?.text ?? json(state.draft) };
      if (action.tab === "form") return { ...state, formBase: state.draft };
      return state;
  }
}

type Start = { target: PanelTarget; base: EntityRecord; etag?: string; stored?: StoredDraft };

function initial({ target, base, etag, stored }: Start): DraftState {
  const draft = stored?.draft ?? base;
  // Text that did not parse comes back exactly as typed, with its problem, as before the tab closed.
  const text = stored?.brokenText;
  const read = text === undefined ? null : readJsonText(text, jsonTextLocation(target.kind, target.id));
  return {
    origin: stored?.origin ?? base,
    draft,
    formBase: draft,
    formKey: 0,
    jsonText: text !== undefined && read && !read.ok ? text : json(draft),
    conflicts: stored?.conflicts ?? [],
    followed: [],
    etag: stored ? (stored.originEtag ?? undefined) : etag,
    broken: text !== undefined && read && !read.ok ? { text, problem: read.problem } : null,
  };
}

/**
 * A draft left unsaved comes back when the studio opens again (`restored`, until saved or discarded),
 * based on the version it was made from: a record changed on disk since is followed as any change on
 * disk is, and fields both sides changed go to the conflict dialog on save. A newer record is followed during render,
 * not in an effect, so no frame shows the draft against the wrong version.
 */
export function useDraft(target: PanelTarget, base: EntityRecord, etag: string | undefined) {
  const [stored] = useState(() => projectDrafts().get(target) ?? undefined);
  const [state, dispatch] = useReducer(reduce, { target, base, etag, stored }, initial);
  // Broken JSON text is an unsaved change even where the draft it left behind is not.
  const dirty = !!state.broken || !isSameRecord(state.draft, state.origin);

  const [seen, setSeen] = useState(() => state.etag);
  const arrived = etag !== seen && etag !== undefined && etag !== state.etag;
  if (etag !== seen) {
    setSeen(etag);
    if (arrived) dispatch(dirty ? { type: "follow", theirs: base, etag } : { type: "reset", record: base, etag });
  }

  useEffect(() => {
    if (dirty)
      projectDrafts().put(target, {
        origin: state.origin,
        originEtag: state.etag ?? null,
        draft: state.draft,
        ...(state.conflicts.length ? { conflicts: state.conflicts } : {}),
        ...(state.broken ? { brokenText: state.broken.text } : {}),
      });
    else projectDrafts().drop(target);
  }, [dirty, state.draft, state.origin, state.etag, state.conflicts, state.broken, target]);

  return { state, dispatch, dirty, arrived, restored: !!stored && dirty };
}
