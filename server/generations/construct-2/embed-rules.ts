import { EMBED_RUNTIMES, type RuntimeResolution } from "@/schemas/embed";

/**
 * How Construct 2.x resolves a capability's declared runtime, without running anything: `auto` is
 * in-process when a model is set for any tier, else external when an agent host is, else none.
 */
export function resolveConstructRuntime(declared: unknown, env: Record<string, string | undefined>): RuntimeResolution {
  const d = (EMBED_RUNTIMES as readonly unknown[]).includes(declared)
    ? (declared as RuntimeResolution["declared"])
    : "auto";
  const model = ["CONSTRUCT_MODEL_REASONING", "CONSTRUCT_MODEL_STANDARD", "CONSTRUCT_MODEL_FAST"].find((k) => env[k]);
  const host = (env.CONSTRUCT_EXTERNAL_AGENT_HOST ?? "").trim();
  const none = (message: string): RuntimeResolution => ({ declared: d, resolved: "none", code: "no-runtime", message });
  if (d === "in-process") return { declared: d, resolved: "in-process", message: "declared in-process" };
  if (d === "none") return none("declared none: the capability never reasons");
  if (d === "external")
    return host
      ? { declared: d, resolved: "external", message: `external agent host ${host}` }
      : none("declared external, and CONSTRUCT_EXTERNAL_AGENT_HOST is not set");
  if (model) return { declared: d, resolved: "in-process", message: `a model is set (${model})` };
  if (host) return { declared: d, resolved: "external", message: `no model is set; external agent host ${host}` };
  return none("no model is set (CONSTRUCT_MODEL_FAST, _STANDARD or _REASONING) and no CONSTRUCT_EXTERNAL_AGENT_HOST");
}

export const EMBED_TICK_ABSENT =
  "Construct 2.x runs its embed capabilities in its own daemon (`construct embed start`); the studio lists, dry-runs, enables and disables them";
export const EMBED_OVERRIDES_ABSENT =
  "Construct 2.x takes an embed capability's fields from its procedure; a project changes them by replacing the whole procedure in .construct/procedures/<id>.json";
