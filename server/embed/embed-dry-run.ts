import { upcomingRuns } from "@/lib/embed/cadence";
import { freshItems } from "@/lib/embed/nothing-new";
import type { CapabilityView, DryRunPlan } from "@/schemas/embed";
import { displayPath } from "../org/tiers";
import type { LoadedCapability } from "./embed-loader";
import type { EmbedCore, LoadedWithContracts } from "./embed-service";
import { frameworkFile } from "./frameworks";
import { readProviderContext } from "./provider-context";

/**
 * The resolution chain, executing nothing: no model call, no tick written. The local providers
 * are read, so the plan can say which items a tick would read and which of them are new.
 */
export async function dryRunPlan(
  core: Pick<EmbedCore, "deps" | "now">,
  id: string,
  loaded: LoadedWithContracts,
  cap: LoadedCapability,
  view: CapabilityView,
): Promise<DryRunPlan> {
  const { deps } = core;
  const e = cap.manifest.embed;
  const prompt = e?.specialist
    ? await deps.resolvePrompt(e.specialist).catch((error: Error) => ({ ok: false as const, message: error.message }))
    : null;
  const contract = e?.outputContract ? loaded.contracts.get(e.outputContract) : undefined;
  const framework = e?.framework ? await frameworkFile(deps, e.framework) : null;
  const unavailable = view.providerBindings.find((b) => !b.available);
  const context =
    e && !unavailable && !cap.errors.length
      ? await readProviderContext(deps.paths.root, cap.manifest, core.now())
      : null;
  const fresh = context?.ok ? freshItems(context.sources, view.lastTick) : null;
  const reads =
    context?.ok && fresh
      ? context.sources.map((s, i) => {
          const isNew = new Set(fresh.fresh[i]?.keys ?? []);
          return {
            provider: s.provider,
            items: s.labels.map((label, j) => ({ label, new: isNew.has(s.keys[j] ?? "") })),
          };
        })
      : null;
  const wouldSkip =
    view.runtime.code ??
    unavailable?.code ??
    (context && !context.ok ? context.code : null) ??
    (fresh?.verdict === "nothing-new" ? "nothing-new" : null);
  return {
    id,
    ok: cap.errors.length === 0,
    enabled: cap.enabled,
    errors: cap.errors,
    warnings: cap.warnings,
    sources: { manifest: cap.base, overlay: view.overlay },
    chain: {
      specialist: {
        id: e?.specialist ?? null,
        prompt:
          prompt &&
          (prompt.ok
            ? { source: prompt.source, path: prompt.path, degraded: prompt.degraded, warnings: prompt.warnings }
            : { error: prompt.message }),
      },
      providerBindings: view.providerBindings,
      filter: e?.filter ?? null,
      framework: {
        id: e?.framework ?? null,
        path: framework
          ? displayPath(framework, framework.startsWith(deps.paths.appDir) ? deps.paths.appDir : deps.paths.root)
          : null,
      },
      outputContract: {
        id: e?.outputContract ?? null,
        producer: contract?.producer ?? null,
        consumer: contract?.consumer ?? null,
        output: contract?.output ?? null,
      },
      proposalAuthority: e?.proposalAuthority ?? null,
      cadence: view.cadence
        ? {
            ...view.cadence,
            next: view.nextTickAt
              ? upcomingRuns(view.cadence.every, new Date(view.nextTickAt)).map((d) => d.toISOString())
              : [],
          }
        : null,
      runtime: view.runtime,
      reads,
    },
    wouldSkip,
    executes: false,
  };
}
