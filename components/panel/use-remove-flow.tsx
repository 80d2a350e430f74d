"use client";

import { useCallback } from "react";
import type { Ask, Toast } from "@/components/editor/shell-types";
import { ApiError } from "@/lib/api/error";
import { projectDrafts } from "@/lib/editor/draft-store";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import { problemKeys } from "@/lib/react-keys";
import type { ListRow } from "@/schemas/api/org";
import type { PanelTarget } from "./entity-panel";

/**
 * Deleting the panel's record (or reverting it to the lower tier): asked first, and when others
 * still reference it the server's 409 lists them and "Delete anyway" forces it, leaving them dangling.
 */
export function useRemoveFlow(ctx: {
  target: PanelTarget;
  row: ListRow | undefined;
  edits: OrgEdits;
  ask: Ask;
  toast: Toast;
  onClose: () => void;
}) {
  const { target, row, edits, ask, toast, onClose } = ctx;
  const { kind } = target;
  return useCallback(async () => {
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
    const label = `delete ${kind} ${row.id}`;
    try {
      await edits.remove(kind, row.id, { etag: row.etag, label });
      projectDrafts().drop(target);
      toast({ tone: "success", title: `Deleted ${kind} ${row.id}` });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409 || !error.errors.length) {
        toast({ tone: "error", title: "Not deleted", detail: error instanceof Error ? error.message : String(error) });
        return;
      }
      const keys = problemKeys(error.errors);
      const force = await ask(
        `${row.id} is still referenced`,
        <ul className="list-disc pl-4" data-testid="delete-references">
          {error.errors.map((e, i) => (
            <li key={keys[i]}>{e.message.replace(/^cannot remove [^:]+: /, "").replace(/; pass force.*$/, "")}</li>
          ))}
        </ul>,
        [{ label: "Delete anyway", value: "force", tone: "danger" }],
      );
      if (force === "force") {
        await edits.remove(kind, row.id, { force: true, etag: row.etag, label });
        toast({
          tone: "success",
          title: `Deleted ${kind} ${row.id}`,
          detail: `${error.errors.length} reference(s) now dangle`,
        });
        onClose();
      }
    }
  }, [ask, edits, kind, onClose, row, target, toast]);
}
