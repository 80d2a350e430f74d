import { describeDuration, nextTickAt } from "@/lib/embed/cadence";
import { resolveRuntime } from "@/lib/embed/runtime";
import type { CapabilityView } from "@/schemas/embed";
import { ABSENT_ETAG } from "../store/read";
import type { LoadedCapability } from "./embed-loader";
import type { EmbedCore } from "./embed-service";
import { bindingAvailability } from "./provider-context";

/** A capability as the dashboard, the API and the CLI show it: its manifest, its last tick and when the next is due. */
export async function capabilityView(
  core: Pick<EmbedCore, "ticks" | "now" | "env">,
  cap: LoadedCapability,
  running: boolean,
): Promise<CapabilityView> {
  const { record: lastTick, message: unreadable } = await core.ticks.read(cap.id);
  const e = cap.manifest.embed;
  const every = e?.cadence?.every;
  const schedulable = cap.enabled && !cap.errors.length && !!every;
  const next = schedulable
    ? nextTickAt(
        every,
        { lastStartedAt: lastTick?.startedAt, enabledSince: await enabledSince(core, cap.id, !lastTick) },
        core.now(),
      )
    : null;
  return {
    id: cap.id,
    description: typeof cap.manifest.description === "string" ? cap.manifest.description : "",
    source: cap.base,
    shadows: cap.shadows,
    overlay: cap.overlay ? { path: cap.overlay.path, etag: cap.overlay.etag, fields: cap.overlay.fields } : null,
    etag: cap.overlay?.etag ?? ABSENT_ETAG,
    enabled: cap.enabled,
    manifest: cap.manifest,
    errors: cap.errors,
    warnings: cap.warnings,
    specialist: e?.specialist ?? "",
    providerBindings: bindingAvailability(Array.isArray(e?.providerBindings) ? e.providerBindings : []),
    cadence: every ? { every, description: describeDuration(every) } : null,
    runtime: resolveRuntime(e?.runtime ?? "auto", core.env()),
    lastTick,
    ...(unreadable ? { lastTickUnreadable: { message: unreadable } } : {}),
    nextTickAt: next?.toISOString() ?? null,
    running,
  };
}

/** A capability enabled outside the studio and never ticked is anchored when first seen, as the scheduler does. */
async function enabledSince(
  core: Pick<EmbedCore, "ticks" | "now">,
  id: string,
  anchorIfMissing: boolean,
): Promise<string | null> {
  const since = await core.ticks.readEnabledSince(id);
  if (since || !anchorIfMissing) return since;
  const now = core.now();
  await core.ticks.writeEnabledSince(id, now);
  return now.toISOString();
}
