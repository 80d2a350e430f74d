import type { MigrationPlan } from "./migrate-plan";

export type FileAction = { path: string; action: "create" | "unchanged" };

export type MigrationReport = {
  plan: MigrationPlan;
  /** The tier read and the folder written, relative to the project root (or `~/…`). */
  from: string;
  into: string;
  files: FileAction[];
  dryRun: boolean;
  /** The earlier org's folders of the tier, for the line that says how to remove them. */
  adrFolders: string[];
  /** What else changes for the project once the files are written. */
  notes: string[];
};

const count = (n: number, what: string) => `${what} (${n}):`;

/** The text `construct-studio migrate --to 2` prints: what moved, what did not and why, and the next step. */
export function renderMigration(r: MigrationReport): string {
  const { plan } = r;
  const lines = [`migrate --to 2: the earlier org in ${r.from} → Construct 2.x worker profiles in ${r.into}`];
  if (plan.profiles.length) {
    lines.push(count(plan.profiles.length, "Moved"));
    for (const p of plan.profiles)
      lines.push(`  ${p.from} → ${p.id}  ${p.file}${p.prompt ? ` (prompt ${p.prompt.file})` : " (no prompt)"}`);
  }
  if (plan.keptBack.length) {
    lines.push(count(plan.keptBack.length, "Kept back"));
    for (const k of plan.keptBack) lines.push(`  ${k.id} (${k.path}): ${k.message}`);
  }
  if (plan.noHome.length) {
    lines.push(count(plan.noHome.length, "No 2.x home"));
    for (const n of plan.noHome) lines.push(`  ${n.kind} ${n.id} (${n.path}): ${n.message}`);
  }
  if (plan.changed.length) {
    lines.push(count(plan.changed.length, "Changed to fit"));
    for (const c of plan.changed) lines.push(`  ${c.id}: ${c.note}`);
  }
  if (plan.refused.length) {
    lines.push(count(plan.refused.length, "Refused, nothing written"));
    for (const r of plan.refused) lines.push(`  ${r.message}`);
    return `${lines.join("\n")}\n`;
  }
  lines.push(count(r.files.length, r.dryRun ? "Files it would write" : "Files"));
  for (const f of r.files)
    lines.push(`  ${f.action === "unchanged" ? "unchanged" : r.dryRun ? "would create" : "created"}  ${f.path}`);
  lines.push(...r.notes);
  lines.push(
    `The earlier org's files stay where they are: migrate never deletes them${r.adrFolders.length ? `. Once Construct 2.x runs as you want, remove them with \`git rm -r ${r.adrFolders.join(" ")}\` (\`rm -r\` where they are not in git)` : ""}.`,
  );
  lines.push(
    r.dryRun
      ? "Dry run: nothing written. Run it again without --dry-run to write these files."
      : "Next: `construct worker-profile list` lists the moved profiles and `construct worker-profile validate --file=<file>` checks each; the studio opens the project as Construct 2.x once the package is installed (`npm install --save-dev @geraldmaron/construct`).",
  );
  return `${lines.join("\n")}\n`;
}
