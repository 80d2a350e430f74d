import type { CapabilityV2 } from "@/schemas/embed-v2";
import type { EmbedV2Service } from "../embed/embed-v2";
import { isAppError } from "../errors";
import { UsageError } from "./output";

/** A capability in the words `construct embed status` uses, so the two read alike. */
function printCapability(c: CapabilityV2): void {
  process.stdout.write(`embed capability '${c.id}': ${c.enabled ? "enabled" : "available (not enabled)"}\n`);
  process.stdout.write(`  worker-profile:  ${c.workerProfileId}\n`);
  process.stdout.write(`  providers:   ${c.providerBindings.join(", ")}\n`);
  process.stdout.write(`  framework:   ${c.framework}\n`);
  process.stdout.write(`  authority:   ${c.proposalAuthority}\n`);
  process.stdout.write(`  runtime:     ${c.runtime}\n`);
  process.stdout.write(`  cadence:     ${c.cadence ?? "(event-driven only)"}\n`);
  process.stdout.write(`  from:        ${c.path}${c.override && c.override !== c.path ? ` + ${c.override}` : ""}\n`);
  for (const e of c.errors) process.stdout.write(`  error: ${e}\n`);
}

/** `embed list|status|enable|disable` in a Construct 2.x project. */
export async function embedV2Command(
  embed: EmbedV2Service,
  sub: string | undefined,
  ids: string[],
  json: boolean,
): Promise<number> {
  const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  if (sub === "list") {
    const listed = await embed.list();
    if (json) out(listed);
    else {
      for (const c of listed.capabilities)
        process.stdout.write(
          `${c.id}${c.enabled ? " [enabled]" : " [available]"} — worker-profile=${c.workerProfileId} runtime=${c.runtime}${c.errors.length ? ` (invalid: ${c.errors.join("; ")})` : ""}\n`,
        );
      for (const p of listed.problems) process.stdout.write(`error: ${p}\n`);
    }
    return listed.problems.length || listed.capabilities.some((c) => c.errors.length) ? 1 : 0;
  }
  if (!["enable", "disable", "status"].includes(sub ?? ""))
    throw new UsageError(`embed ${sub ?? ""}: a Construct 2.x project takes embed list, status, enable or disable`);
  if (ids.length !== 1) throw new UsageError(`embed ${sub} takes one capability id`);
  const id = ids[0];
  try {
    if (sub === "status") {
      const view = await embed.status(id);
      if (json) out(view);
      else printCapability(view);
      return 0;
    }
    const result = sub === "enable" ? await embed.enable(id) : await embed.disable(id);
    if (json) out(result);
    else
      process.stdout.write(
        sub === "enable"
          ? `embed capability '${id}' enabled → ${result.path}\n`
          : result.wasEnabled
            ? `embed capability '${id}' disabled\n`
            : `embed capability '${id}' was not enabled (no-op)\n`,
      );
    return 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}
