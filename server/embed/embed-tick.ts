import { freshItems } from "@/lib/embed/nothing-new";
import { checkOutput, describeOutput } from "@/lib/embed/output-contract";
import { resolveRuntime } from "@/lib/embed/runtime";
import { parseFrontmatter } from "@/lib/markdown/frontmatter";
import type { Contract } from "@/schemas/contract";
import type { EmbedManifest } from "@/schemas/embed";
import { type Proposal, proposalSchema, type TickRecord } from "@/schemas/embed-tick";
import type { LoadedCapability } from "./embed-loader";
import type { EmbedCore } from "./embed-service";
import { loadFramework } from "./frameworks";
import { readProviderContext } from "./provider-context";
import { type ChatMessage, type RuntimeAnswer, runExternal, runInProcess } from "./runtimes";

// Nothing is ever fabricated; proposals are stored for review, never applied.

const stripFrontmatter = (text: string) => {
  const parsed = parseFrontmatter(text);
  return (parsed.ok ? parsed.body : text).trim();
};

export async function runTick(
  core: Pick<EmbedCore, "deps" | "now" | "env" | "ticks" | "dryRun">,
  cap: LoadedCapability,
  contracts: ReadonlyMap<string, Contract>,
  trigger: TickRecord["trigger"],
): Promise<TickRecord> {
  const { deps, ticks } = core;
  const started = core.now();
  const startedAt = started.toISOString();
  const m = cap.manifest;
  const runtime = resolveRuntime(m.embed.runtime, core.env());
  const finish = async (outcome: Pick<TickRecord, "status"> & Partial<TickRecord>): Promise<TickRecord> => {
    const finished = core.now();
    const record: TickRecord = {
      id: cap.id,
      runtime: runtime.resolved,
      trigger,
      startedAt,
      finishedAt: finished.toISOString(),
      durationMs: Math.max(0, finished.getTime() - started.getTime()),
      ...outcome,
    };
    await ticks.write(record);
    return record;
  };

  if (runtime.resolved === "none") return finish({ status: "skipped", code: "no-runtime", message: runtime.message });
  const context = await readProviderContext(deps.paths.root, m, started);
  if (!context.ok) return finish({ status: "skipped", code: context.code, message: context.message });
  const sources = context.sources.map(({ provider, items, keys }) => ({ provider, items, seen: keys }));
  // Only what the model has not answered yet is worth a call.
  const { record: last } = await ticks.read(cap.id);
  const fresh = freshItems(context.sources, last);
  if (fresh.verdict === "nothing-new")
    return finish({ status: "skipped", code: "nothing-new", message: fresh.message, sources });

  const prompt = await deps.resolvePrompt(m.embed.specialist);
  if (!prompt.ok) return finish({ status: "error", code: "prompt-unavailable", message: prompt.message, sources });
  const framework = (await loadFramework(deps, m.embed.framework))?.text ?? null;
  if (framework === null)
    return finish({
      status: "error",
      code: "framework-unavailable",
      message: `framework '${m.embed.framework}' is not on disk`,
      sources,
    });
  const contract = contracts.get(m.embed.outputContract);
  if (!contract?.output)
    return finish({
      status: "error",
      code: "output-contract-unavailable",
      message: `contract '${m.embed.outputContract}' has no output block`,
      sources,
    });

  const messages = buildMessages(
    m,
    stripFrontmatter(prompt.content),
    stripFrontmatter(framework),
    contract.output,
    context.sources,
    started,
  );
  const runEnv = core.env();
  const answer: RuntimeAnswer =
    runtime.resolved === "in-process"
      ? await runInProcess(messages, runEnv)
      : await runExternal(
          {
            capability: cap.id,
            plan: (await core.dryRun(cap.id)).chain,
            messages,
            outputContract: { id: m.embed.outputContract, output: contract.output },
            context: context.sources,
          },
          runEnv,
        );
  if (!answer.ok)
    return finish({ status: answer.status ?? "error", code: answer.code, message: answer.message, sources });

  const { proposals: rawProposals, ...output } = answer.answer;
  const violations = checkOutput(output, contract.output);
  const proposals = proposalSchema.array().safeParse(rawProposals ?? []);
  if (!proposals.success)
    violations.push(
      `"proposals" must be an array of { "title", "detail" } objects: ${proposals.error.issues[0]?.message}`,
    );
  if (violations.length)
    return finish({
      status: "error",
      code: "output-contract-violation",
      message: `the answer breaks contract '${m.embed.outputContract}': ${violations.join("; ")}`,
      violations,
      sources,
    });

  const numbered = (proposals.data ?? []).map((p: Proposal, i: number) => ({
    id: `${cap.id}-${startedAt.replace(/[^0-9]/g, "").slice(0, 14)}-${i + 1}`,
    ...p,
  }));
  const proposalsFile = await ticks.writeProposals(cap.id, startedAt, {
    id: cap.id,
    startedAt,
    runtime: runtime.resolved,
    authority: m.embed.proposalAuthority,
    applied: false,
    output,
    proposals: numbered,
  });
  return finish({ status: "ran", message: answer.message, sources, output, proposals: numbered, proposalsFile });
}

function buildMessages(
  m: EmbedManifest,
  prompt: string,
  framework: string,
  output: NonNullable<Contract["output"]>,
  sources: { provider: string; text: string }[],
  at: Date,
): ChatMessage[] {
  const system = [
    prompt,
    `# Framework: ${m.embed.framework}\n\n${framework}`,
    [
      `# This run`,
      `You are running the embedded capability "${m.id}"${m.description ? `: ${m.description.replace(/[.\s]+$/, "")}` : ""}.`,
      `Answer with exactly one JSON object and nothing else, following output contract "${m.embed.outputContract}".`,
      ...describeOutput(output),
      `Add "proposals": an array of { "title": string, "detail": string } — changes you propose. Authority is ${m.embed.proposalAuthority}: a person reviews every proposal; nothing is applied.`,
      `Use only the context below. If it does not support an answer, say so in the fields rather than inventing facts.`,
    ].join("\n"),
  ].join("\n\n---\n\n");
  const user = [`Context read at ${at.toISOString()}:`, ...sources.map((s) => `## ${s.provider}\n\n${s.text}`)].join(
    "\n\n",
  );
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}
