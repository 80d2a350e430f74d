import { globsMatchingNothing } from "@/lib/org/fence-lint";
import { fenceFieldOf, toFieldErrors } from "@/lib/org/fence-lint-rules";
import type { FieldError } from "@/schemas/field-error";
import type { Section } from "@/schemas/kinds";
import type { Rows } from "../org/merge";
import type { TreeFiles } from "./tree-files";

const HOLDERS: Section[] = ["specialists", "worker-profiles"];

/**
 * `fence-glob-matches-nothing` for the fences the project or the user wrote: the built-in org's,
 * a pack's and Construct 2.x's registry's globs are written for every project, so a folder this
 * one lacks says nothing about them.
 */
export async function fenceGlobsMatchingNothing(rows: Rows, tree: TreeFiles): Promise<FieldError[]> {
  const owned = HOLDERS.flatMap((section) =>
    [...rows[section].values()].flatMap((row) => {
      const field = fenceFieldOf(section, row.record);
      // Construct 2.x replaces a worker profile whole, so only its winning file can hold the fence.
      const layers = row.kind === "worker-profile" ? row.layers.slice(-1) : [...row.layers].reverse();
      const from = field && layers.find((layer) => field in layer.record);
      return field && from && (from.scope === "project" || from.scope === "user")
        ? [{ section, row, field, path: from.path }]
        : [];
    }),
  );
  if (!owned.length) return [];
  const matchesSome = await tree.matcher();
  if (!matchesSome) return [];
  return owned.flatMap(({ section, row, field, path }) =>
    toFieldErrors(section, row.id, field, globsMatchingNothing(row.record[field], matchesSome)).map((p) => ({
      ...p,
      path,
    })),
  );
}
