import type { z } from "zod";
import type { Contract } from "@/schemas/contract";
import { type EmbedManifest, type EmbedOverlay, embedManifestSchema, embedOverlaySchema } from "@/schemas/embed";
import type { FieldError } from "@/schemas/field-error";
import { buildPointer } from "../json/pointer";
import { fieldOf, kebab } from "../org/field-error";
import { cadenceProblem, parseDuration } from "./cadence";
import { providerInfo, unusedScopeKeys } from "./providers";

type Segment = string | number;

export type EmbedContext = {
  specialists: ReadonlySet<string>;
  contracts: ReadonlyMap<string, Contract>;
  frameworks: ReadonlySet<string>;
};

export function embedPointer(id: string, ...path: Segment[]): string {
  return buildPointer("workflows", id, ...path);
}

export function embedError(
  rule: string,
  severity: FieldError["severity"],
  message: string,
  id: string,
  path: Segment[] = [],
  file?: string,
): FieldError {
  const field = fieldOf(path);
  return {
    id: rule,
    severity,
    message,
    location: embedPointer(id, ...path),
    ...(field ? { field } : {}),
    ...(file ? { path: file } : {}),
  };
}

function shapeProblems(issues: readonly z.core.$ZodIssue[], id: string): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((s): s is string | number => typeof s !== "symbol");
    const names = path.filter((s) => typeof s === "string").map((s) => kebab(String(s)));
    const where = path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      out.push(
        embedError(`embed-unknown-${names.at(-1) ?? "manifest"}-key`, "error", `${where}: ${issue.message}`, id, [
          ...path,
          issue.keys[0],
        ]),
      );
      continue;
    }
    const missing = (issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined;
    const message = missing
      ? `${where}: missing required field`
      : where && !issue.message.startsWith(path.at(-1) as string)
        ? `${where}: ${issue.message}`
        : issue.message;
    out.push(
      embedError(
        missing
          ? "embed-missing-field"
          : `embed-invalid-${(names.length > 1 && names[0] === "embed" ? names.slice(1) : names).join("-") || "manifest"}`,
        "error",
        message,
        id,
        path,
      ),
    );
  }
  return out;
}

/** Cross-references are checked only when a context is given. */
export function manifestProblems(manifest: unknown, id: string, ctx?: EmbedContext): FieldError[] {
  // `reportInput` tells an absent field from one of the wrong type.
  const parsed = embedManifestSchema.safeParse(manifest, { reportInput: true });
  if (!parsed.success) return shapeProblems(parsed.error.issues, id);
  return manifestRules(parsed.data, ctx);
}

function manifestRules(m: EmbedManifest, ctx?: EmbedContext): FieldError[] {
  const out: FieldError[] = [];
  const e = m.embed;
  const at = (...path: Segment[]) => ["embed", ...path];
  if (e.cadence) {
    const problem = cadenceProblem(e.cadence.every);
    if (problem)
      out.push(
        embedError("embed-invalid-cadence", "error", `embed.cadence.every: ${problem}`, m.id, at("cadence", "every")),
      );
  }
  const since = e.filter?.predicates?.updatedSince;
  if (since !== undefined) {
    const parsed = parseDuration(since);
    if (!parsed.ok)
      out.push(
        embedError(
          "embed-invalid-filter",
          "error",
          `embed.filter.predicates.updatedSince: ${parsed.message}`,
          m.id,
          at("filter", "predicates", "updatedSince"),
        ),
      );
  }
  for (const key of unusedScopeKeys(e.filter, e.providerBindings)) {
    out.push(
      embedError(
        "embed-filter-not-understood",
        "error",
        `embed.filter.scope.${key}: none of the bound providers (${e.providerBindings.join(", ")}) reads "${key}"; bind a provider that does or remove it`,
        m.id,
        at("filter", "scope", key),
      ),
    );
  }
  e.providerBindings.forEach((binding, i) => {
    if (!providerInfo(binding))
      out.push(
        embedError(
          "embed-unknown-provider",
          "warning",
          `embed.providerBindings[${i}]: "${binding}" is not a provider this studio knows; a tick will skip with provider-unavailable:${binding}`,
          m.id,
          at("providerBindings", i),
        ),
      );
  });
  if (e.proposalAuthority === "governed-write") {
    out.push(
      embedError(
        "embed-governed-write-proposes",
        "warning",
        "embed.proposalAuthority: governed-write is recorded, but the studio stores every proposal for review and never applies one",
        m.id,
        at("proposalAuthority"),
      ),
    );
  }
  if (!ctx) return out;
  if (!ctx.specialists.has(e.specialist)) {
    out.push(
      embedError(
        "embed-unknown-specialist",
        "error",
        `embed.specialist: unresolvable specialist id '${e.specialist}' (not in the merged org or an enabled pack)`,
        m.id,
        at("specialist"),
      ),
    );
  }
  if (!ctx.frameworks.has(e.framework)) {
    out.push(
      embedError(
        "embed-unknown-framework",
        "error",
        `embed.framework: no framework '${e.framework}' in specialists/frameworks/ or an enabled pack's frameworks/`,
        m.id,
        at("framework"),
      ),
    );
  }
  const contract = ctx.contracts.get(e.outputContract);
  if (!contract) {
    out.push(
      embedError(
        "embed-unknown-output-contract",
        "error",
        `embed.outputContract: no contract '${e.outputContract}' in the org`,
        m.id,
        at("outputContract"),
      ),
    );
  } else if (
    !contract.output?.mustContain?.length &&
    !contract.output?.mustContainOneOf?.length &&
    !Object.keys(contract.output?.mustMatchEnum ?? {}).length
  ) {
    out.push(
      embedError(
        "embed-output-contract-unchecked",
        "error",
        `embed.outputContract: contract '${e.outputContract}' declares no output fields (mustContain, mustContainOneOf, mustMatchEnum), so no answer could be checked against it`,
        m.id,
        at("outputContract"),
      ),
    );
  } else if (contract.producer !== e.specialist && contract.producer !== "*") {
    out.push(
      embedError(
        "embed-contract-producer-mismatch",
        "warning",
        `embed.outputContract: contract '${e.outputContract}' is produced by ${contract.producer}, not ${e.specialist}`,
        m.id,
        at("outputContract"),
      ),
    );
  }
  return out;
}

export function overlayProblems(overlay: unknown, id: string): FieldError[] {
  const parsed = embedOverlaySchema.safeParse(overlay, { reportInput: true });
  return parsed.success ? [] : shapeProblems(parsed.error.issues, id);
}

/** `embed` merges one level deep; identity (`id`, `type`, `version`) stays the base's. */
export function mergeOverlay(base: EmbedManifest, overlay: EmbedOverlay): EmbedManifest {
  const { embed: overEmbed, id: _id, type: _type, version: _version, ...rest } = structuredClone(overlay);
  const merged = { ...structuredClone(base), ...rest, embed: { ...structuredClone(base.embed), ...(overEmbed ?? {}) } };
  return merged as EmbedManifest;
}

export function overriddenFields(overlay: EmbedOverlay | null): string[] {
  if (!overlay) return [];
  const top = Object.keys(overlay).filter((k) => !["id", "type", "version", "embed"].includes(k));
  const embed = Object.keys(overlay.embed ?? {})
    .filter((k) => k !== "enabled")
    .map((k) => `embed.${k}`);
  return [...top, ...embed];
}

/** Complete enough to define a project-tier capability on its own. */
export function isCompleteManifest(value: unknown): boolean {
  return embedManifestSchema.safeParse(value).success;
}
