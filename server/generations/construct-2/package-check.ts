import { buildPointer } from "@/lib/json/pointer";
import { fieldError } from "@/lib/org/field-error";
import { problemKey, toResult } from "@/lib/org/validate";
import type { CheckedBy, FieldError, ValidationResult } from "@/schemas/field-error";
import type { EntityRecord } from "@/schemas/kinds";
import type { StudioPaths } from "@/server/config";
import { promptFileLookup } from "@/server/construct/prompt-file";
import { runPackageValidators } from "./package-validator";
import { trustOf } from "./trust";

/**
 * The installed Construct 2.x's own `validateCustomWorkerProfile` as the last word on custom worker
 * profiles, beside the studio's rules: each string it returns becomes a FieldError on the field it
 * names, under the studio's rule id when one matches, else `construct-validator` on the record.
 */

type Segment = string | number;

/** The field a refusal of 2.1.1 names, by the words it uses, and the studio's rule for it. */
const FIELDS: [RegExp, string, (rec: EntityRecord, m: RegExpMatchArray) => Segment[]][] = [
  [/"fence\.allowedPaths"/, "worker-profile-fence-allowed-paths", () => ["fence", "allowedPaths"]],
  [/"fence"/, "worker-profile-fence", () => ["fence"]],
  [/"name"/, "worker-profile-name", () => ["name"]],
  [/"description"/, "worker-profile-description", () => ["description"]],
  [/"role"/, "worker-profile-role", () => ["role"]],
  [/"modelTier"/, "worker-profile-model-tier", () => ["modelTier"]],
  [
    /"team" \(or "teamId"\)/,
    "worker-profile-team",
    (r) => [r.team !== undefined && r.team !== null ? "team" : "teamId"],
  ],
  [/skills\[(\d+)\]/, "worker-profile-skills", (_, m) => ["skills", Number(m[1])]],
  [/"skills"/, "worker-profile-skills", () => ["skills"]],
  [/"handoffCandidates"/, "worker-profile-handoff-candidates", () => ["handoffCandidates"]],
  [/in claudeTools/, "worker-profile-claude-tools", () => ["claudeTools"]],
  [/promptFile/, "worker-profile-prompt-file", () => ["promptFile"]],
];

export function refusalToFieldError(id: string, rec: unknown, message: string): FieldError {
  const record = rec && typeof rec === "object" && !Array.isArray(rec) ? (rec as EntityRecord) : {};
  const text = `${message} (Construct's own validator)`;
  for (const [pattern, rule, at] of FIELDS) {
    const match = message.match(pattern);
    if (match) return fieldError(rule, "error", text, "worker-profiles", id, at(record, match));
  }
  return fieldError("construct-validator", "error", text, "worker-profiles", id);
}

const studioAnswer = (reason: string): CheckedBy => ({
  by: "studio",
  version: null,
  message: `checked by the studio's restatement of Construct's rules; ${reason}`,
});

/**
 * Adds what the package's own validator refuses in `profiles` (custom worker profiles by id) to a
 * result of the studio's, and says which answered.
 */
export async function withPackageCheck(
  paths: Pick<StudioPaths, "root" | "trustFile" | "construct">,
  result: ValidationResult,
  profiles: readonly [string, EntityRecord][],
  opts: { timeoutMs?: number } = {},
): Promise<ValidationResult & { checkedBy: CheckedBy }> {
  const install = paths.construct;
  const trust = trustOf(paths, install);
  if (!trust.trusted || !install.packageDir || !install.version)
    return { ...result, checkedBy: studioAnswer(`${trust.message} to let Construct check too`) };
  if (profiles.length === 0)
    return {
      ...result,
      checkedBy: {
        by: "construct",
        version: install.version,
        message: `checked by Construct ${install.version}'s own validator: no custom worker profile to check`,
      },
    };
  const exists = promptFileLookup(paths.root);
  const answer = await runPackageValidators(
    { dir: install.packageDir, version: install.version },
    paths.root,
    profiles.map(([, record]) => ({
      kind: "worker-profile" as const,
      record,
      promptFileExists: typeof record.promptFile === "string" && record.promptFile !== "" && exists(record.promptFile),
    })),
    opts,
  );
  const problems = [...result.errors, ...result.warnings];
  if (!answer.ok)
    return {
      ...toResult([
        ...problems,
        {
          id: "construct-validator-failed",
          severity: "warning",
          message: answer.message,
          location: buildPointer("construct"),
        },
      ]),
      checkedBy: studioAnswer(`${answer.message}, so only the studio's rules answered`),
    };
  const known = new Set(problems.filter((p) => p.severity === "error").map((p) => `${p.id}\u0000${p.location}`));
  const seen = new Set(problems.map(problemKey));
  profiles.forEach(([id, record], i) => {
    for (const message of answer.messages[i]) {
      const problem = refusalToFieldError(id, record, message);
      if (known.has(`${problem.id}\u0000${problem.location}`) || seen.has(problemKey(problem))) continue;
      seen.add(problemKey(problem));
      problems.push(problem);
    }
  });
  return {
    ...toResult(problems),
    checkedBy: {
      by: "construct",
      version: install.version,
      message: `checked by Construct ${install.version}'s own validator`,
    },
  };
}
