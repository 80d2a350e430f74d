"use client";

import { useCallback, useRef, useState } from "react";
import { isAtOrUnder } from "@/lib/json/pointer";
import type { OrgIndex } from "@/lib/org/org-index";
import { validateDraft, validateNewTeam } from "@/lib/org/validate";
import { useServerValidation } from "@/lib/queries/preview";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import { type EntityKind, type EntityRecord, SECTION_OF } from "@/schemas/kinds";

export const ownProblems = (problems: readonly FieldError[], kind: EntityKind, id: string) =>
  problems.filter((p) => isAtOrUnder(p.location, [SECTION_OF[kind], id]));

/** Checked in the browser at once, then by the server (which sees packs and files the browser does not). */
export function useProblems(opts: {
  initial: FieldError[];
  kind: EntityKind;
  isNew: boolean;
  index: OrgIndex;
  onOtherProblems: (problems: FieldError[]) => void;
}) {
  const { kind, isNew, index, onOtherProblems } = opts;
  const [problems, setProblems] = useState<FieldError[]>(opts.initial);
  const [others, setOthers] = useState<FieldError[]>([]);
  const ticket = useRef(0);
  const { mutateAsync: askServer } = useServerValidation();

  const validate = useCallback(
    async (record: EntityRecord) => {
      const show = (result: ValidationResult) => {
        const all = [...result.errors, ...result.warnings];
        const id = String(record.id ?? "");
        const mine = ownProblems(all, kind, id);
        const theirs = all.filter((p) => !mine.includes(p));
        setProblems(mine.length || !id ? all.filter((p) => !theirs.includes(p)) : mine);
        setOthers(theirs);
        onOtherProblems(theirs);
      };
      // Every check takes a ticket, so a slower server answer to an older draft never shows over it.
      const mine = ++ticket.current;
      const { ownerSpecialist, ...entity } = record;
      const newTeam = kind === "team" && isNew && typeof ownerSpecialist === "string" && ownerSpecialist;
      // A new team is checked with its owner specialist moved in, as the server will write it.
      if (newTeam) return show(validateNewTeam(index, entity, ownerSpecialist));
      show(validateDraft(index, kind, kind === "team" ? entity : record));
      try {
        const result = await askServer({ kind, record });
        if (mine === ticket.current) show(result);
      } catch {
        // The browser's verdict stands until the server answers.
      }
    },
    [index, kind, isNew, onOtherProblems, askServer],
  );

  return { problems, setProblems, others, validate };
}
