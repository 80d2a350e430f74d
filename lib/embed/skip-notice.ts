import { providerInfo } from "./providers";

/** One wording with its fix for the card, the dry-run panel and the CLI, rather than raw codes. */
export type SkipNotice = { code: string; message: string; fix: string };

export function skipNotice(
  code: string | null | undefined,
  context: { globs?: readonly string[]; runtimeDetail?: string } = {},
): SkipNotice | null {
  if (!code) return null;
  if (code === "no-runtime")
    return {
      code,
      message: "No model runtime is available, so ticks skip without calling a model.",
      fix: `${capitalize(context.runtimeDetail ?? "set CONSTRUCT_MODEL_BASE_URL and CONSTRUCT_MODEL")}.`,
    };
  if (code === "nothing-new")
    return {
      code,
      message: "Nothing new to read since the last answered tick, so no model was called.",
      fix: `The next tick runs once a file it watches changes${context.globs?.length ? ` (${context.globs.join(", ")})` : ""} or a new commit lands; "Run now" checks again.`,
    };
  if (code.startsWith("provider-unavailable:")) {
    const id = code.slice("provider-unavailable:".length);
    const label = providerInfo(id)?.label ?? id;
    return {
      code,
      message: `${label} (${id}) cannot be read here: it needs credentials this studio does not hold.`,
      fix: `Bind only the local providers (directory, git) in the capability's manifest, or run it where ${label} is connected.`,
    };
  }
  return { code, message: `Ticks skip: ${code}.`, fix: "Run a dry-run to see the whole chain." };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** No runtime first, then an unreadable provider, then the last tick's own skip. */
export function currentSkipReason(c: {
  runtime: { code?: string };
  providerBindings: readonly { available: boolean; code?: string }[];
  lastTick: { status: string; code?: string } | null;
}): string | null {
  return (
    c.runtime.code ??
    c.providerBindings.find((b) => !b.available)?.code ??
    (c.lastTick?.status === "skipped" ? (c.lastTick.code ?? null) : null)
  );
}
