import { existsSync } from "node:fs";
import path from "node:path";
import { buildIndex, type SchemaFileLookup } from "@/lib/org/org-index";
import { toResult, validateOrg } from "@/lib/org/validate";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import type { Generation, Section } from "@/schemas/kinds";
import { mergeTiers, recordsOf } from "./merge";
import { loadTier } from "./tier-read";
import { tierFolders } from "./tiers";

/** Validates one org folder on its own (`validate --tree`), as a pack author would before publishing. */
export async function validateTree(
  dir: string,
  opts: { schemasRoot?: string } = {},
): Promise<ValidationResult & { problems: FieldError[]; counts: Partial<Record<Section, number>> }> {
  // A tree of worker profiles is a Construct 2.x project tier; any other, the earlier org's.
  const generation: Generation = existsSync(path.join(dir, "worker-profiles")) ? "2" : "adr";
  const folders = tierFolders(generation, "project");
  const tier = await loadTier("project", dir, dir, folders);
  const rows = mergeTiers([tier]);
  // A tree alone has no project root: output.schema is checked against --schemas-root, or not at all (a warning).
  const { schemasRoot } = opts;
  const lookup: SchemaFileLookup = (_id, schemaPath) =>
    schemasRoot ? existsSync(path.resolve(schemasRoot, schemaPath)) : "unknown";
  const problems = [...tier.problems, ...validateOrg(buildIndex(recordsOf(rows), undefined, lookup))];
  const counts = Object.fromEntries(folders.map(({ section }) => [section, rows[section].size])) as Partial<
    Record<Section, number>
  >;
  return { ...toResult(problems), problems, counts };
}
