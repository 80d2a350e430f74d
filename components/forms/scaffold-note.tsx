"use client";

import { scaffoldAdds } from "@/lib/org/profile-scaffold";
import type { EntityRecord } from "@/schemas/kinds";

/** What a new worker profile is written with besides the form's fields, as Construct's scaffold writes it. */
export function ScaffoldNote({ draft }: { draft: EntityRecord }) {
  const id = typeof draft.id === "string" && draft.id ? draft.id : "<id>";
  const promptFile = `.construct/org/prompts/${id}.md`;
  const adds = scaffoldAdds({ ...draft, id }, promptFile);
  return (
    <section data-testid="scaffold-note" className="mb-3 rounded border border-[var(--border)] p-2 text-xs">
      <h3 className="mb-1 font-medium">Also written, as `construct worker-profile create` writes a new profile</h3>
      <ul className="font-mono">
        {adds.map(([field, value]) => (
          <li key={field}>
            {field}: {JSON.stringify(value)}
          </li>
        ))}
        <li>a prompt stub at {promptFile}, unless one is there</li>
      </ul>
    </section>
  );
}
