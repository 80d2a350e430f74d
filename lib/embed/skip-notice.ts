import { providerInfo } from "./providers";

/** One wording with its fix for the card, the dry-run panel and the CLI, rather than raw reason codes. */
export type SkipNotice = { reason: string; text: string; fix: string };

export function skipNotice(
  reason: string | null | undefined,
  context: { globs?: readonly string[]; runtimeDetail?: string } = {},
): SkipNotice | null {
  if (!reason) return null;
  if (reason === "no-runtime")
    return {
      reason,
      text: "No model runtime is available, so ticks skip without calling a model.",
      fix: `${capitalize(context.runtimeDetail ?? "set CONSTRUCT_MODEL_BASE_URL and CONSTRUCT_MODEL")}.`,
    };
  if (reason === "nothing-new")
    return {
      reason,
      text: "Nothing new to read since the last answered tick, so no model was called.",
      fix: `The next tick runs once a file it watches changes${context.globs?.length ? ` (${context.globs.join(", ")})` : ""} or a new commit lands; "Run now" checks again.`,
    };
  if (reason.startsWith("provider-unavailable:")) {
    const id = reason.slice("provider-unavailable:".length);
    const label = providerInfo(id)?.label ?? id;
    return {
      reason,
      text: `${label} (${id}) cannot be read here: it needs credentials this studio does not hold.`,
      fix: `Bind only the local providers (directory, git) in the capability's manifest, or run it where ${label} is connected.`,
    };
  }
  return { reason, text: `Ticks skip: ${reason}.`, fix: "Run a dry-run to see the whole chain." };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** No runtime first, then an unreadable provider, then the last tick's own skip. */
export function currentSkipReason(c: {
  runtime: { reason?: string };
  providerBindings: readonly { available: boolean; reason?: string }[];
  lastTick: { status: string; reason?: string } | null;
}): string | null {
  return (
    c.runtime.reason ??
    c.providerBindings.find((b) => !b.available)?.reason ??
    (c.lastTick?.status === "skipped" ? (c.lastTick.reason ?? null) : null)
  );
}
