import { existsSync } from "node:fs";
import path from "node:path";
import { buildIndex, type SchemaFileLookup } from "@/lib/org/org-index";
import { toResult, validateOrg } from "@/lib/org/validate";
import type { CheckedBy, FieldError, ValidationResult } from "@/schemas/field-error";
import type { Section } from "@/schemas/kinds";
import { treeAdapter } from "../config";
import { mergeTiers, recordsOf } from "./merge";

/** Validates one org folder on its own (`validate --tree`), as a pack author would before publishing. */
export async function validateTree(
  dir: string,
  opts: { schemasRoot?: string } = {},
): Promise<ValidationResult & { problems: FieldError[]; counts: Partial<Record<Section, number>> }> {
  const adapter = treeAdapter(dir);
  const folders = adapter.tiers.folders("project");
  const tier = await adapter.tiers.read("project", dir, dir);
  const rows = mergeTiers([tier]);
  // A tree alone has no project root: output.schema is checked against --schemas-root, or not at all (a warning).
  const { schemasRoot } = opts;
  const lookup: SchemaFileLookup = (_id, schemaPath) =>
    schemasRoot ? existsSync(path.resolve(schemasRoot, schemaPath)) : "unknown";
  const problems = [...tier.problems, ...validateOrg(buildIndex(recordsOf(rows), undefined, lookup))];
  const counts = Object.fromEntries(folders.map(({ section }) => [section, rows[section].size])) as Partial<
    Record<Section, number>
  >;
  // A folder alone has no project whose package could run: the studio's rules are the whole answer.
  const checkedBy: CheckedBy = {
    by: "studio",
    version: null,
    message: `checked by the studio's rules of ${adapter.name}: a folder alone runs no package's validator`,
  };
  return { ...toResult(problems), problems, counts, checkedBy };
}
