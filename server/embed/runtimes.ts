import type { RuntimeEnv } from "@/lib/embed/runtime";
import { readLimited } from "@/lib/http/read-limited";
import { isPlainObject, JsonProblem, parseJsonStrict } from "@/lib/json/safe-json";
import type { Result } from "@/schemas/result";

// Both runtimes answer with one JSON object or a failure the tick record keeps (its `code` as the
// record's `code`, its `message` as the record's `message`); neither ever invents an answer.

export type ChatMessage = { role: "system" | "user"; content: string };
export type RuntimeAnswer = Result<
  { answer: Record<string, unknown>; message: string },
  { code: string; status?: "skipped" | "error" }
>;

/** An answer larger than this is not a briefing. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 120_000;

export function runtimeEnv(
  env: Record<string, string | undefined> = process.env,
): RuntimeEnv & { apiKey?: string; externalToken?: string; timeoutMs: number } {
  const timeout = Number(env.CONSTRUCT_EMBED_TIMEOUT_MS);
  return {
    modelBaseUrl: env.CONSTRUCT_MODEL_BASE_URL,
    model: env.CONSTRUCT_MODEL,
    apiKey: env.CONSTRUCT_MODEL_API_KEY,
    externalHost: env.CONSTRUCT_EXTERNAL_AGENT_HOST,
    externalToken: env.CONSTRUCT_EXTERNAL_AGENT_TOKEN,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
  };
}

async function readAnswer(response: Response): Promise<string> {
  const bytes = await readLimited(response.body, MAX_ANSWER_BYTES);
  if (!bytes) throw new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
  return Buffer.from(bytes).toString("utf8");
}

/** The deadline covers the whole exchange, body included. */
async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
  who: "model" | "host",
): Promise<Result<{ text: string }, { code: string }>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: controller.signal,
      redirect: "error",
    });
    const text = await readAnswer(response);
    if (!response.ok)
      return {
        ok: false,
        code: `${who}-http-${response.status}`,
        message: `${url} answered ${response.status} ${response.statusText}${text ? `: ${text.slice(0, 300)}` : ""}`,
      };
    return { ok: true, text };
  } catch (error) {
    if (controller.signal.aborted)
      return { ok: false, code: `${who}-timeout`, message: `${url} did not answer within ${timeoutMs} ms` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      ok: false,
      code: `${who}-unreachable`,
      message: `${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Models often wrap JSON in a Markdown fence; the fence is dropped, nothing else is repaired. */
function unfence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  return fenced ? fenced[1] : text;
}

export function parseAnswerObject(text: string): Result<{ value: Record<string, unknown> }> {
  try {
    const value = parseJsonStrict(unfence(text));
    return isPlainObject(value) ? { ok: true, value } : { ok: false, message: "the answer is JSON but not one object" };
  } catch (error) {
    if (error instanceof JsonProblem)
      return {
        ok: false,
        message: `the answer is not JSON: ${error.message}; it began ${JSON.stringify(text.slice(0, 120))}`,
      };
    throw error;
  }
}

export function chatCompletionsUrl(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, "");
  return /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
}

export async function runInProcess(
  messages: ChatMessage[],
  env: ReturnType<typeof runtimeEnv>,
): Promise<RuntimeAnswer> {
  const url = chatCompletionsUrl(env.modelBaseUrl ?? "");
  const sent = await postJson(
    url,
    { model: env.model, messages, temperature: 0.2, response_format: { type: "json_object" } },
    env.apiKey ? { authorization: `Bearer ${env.apiKey}` } : {},
    env.timeoutMs,
    "model",
  );
  if (!sent.ok) return { ...sent, status: "error" };
  const envelope = parseAnswerObject(sent.text);
  if (!envelope.ok) return { ok: false, code: "model-answer-not-json", message: `${url}: ${envelope.message}` };
  const choices = envelope.value.choices;
  const content =
    Array.isArray(choices) && isPlainObject(choices[0]) && isPlainObject(choices[0].message)
      ? choices[0].message.content
      : undefined;
  if (typeof content !== "string")
    return {
      ok: false,
      code: "model-answer-malformed",
      message: `${url}: the response has no choices[0].message.content`,
    };
  const answer = parseAnswerObject(content);
  if (!answer.ok) return { ok: false, code: "model-answer-not-json", message: `model ${env.model}: ${answer.message}` };
  return { ok: true, answer: answer.value, message: `model ${env.model} at ${url}` };
}

/** `<CONSTRUCT_EXTERNAL_AGENT_HOST>/invoke` answers `{ status: "ran", output }` or `{ status, reason }`. */
export async function runExternal(plan: unknown, env: ReturnType<typeof runtimeEnv>): Promise<RuntimeAnswer> {
  const url = `${(env.externalHost ?? "").trim().replace(/\/+$/, "")}/invoke`;
  const sent = await postJson(
    url,
    plan,
    env.externalToken ? { authorization: `Bearer ${env.externalToken}` } : {},
    env.timeoutMs,
    "host",
  );
  if (!sent.ok) return { ...sent, status: "error" };
  const parsed = parseAnswerObject(sent.text);
  if (!parsed.ok) return { ok: false, code: "host-answer-not-json", message: `${url}: ${parsed.message}` };
  const { status, output, reason } = parsed.value;
  if (status === "skipped" || status === "error") {
    return {
      ok: false,
      status,
      code: typeof reason === "string" && reason ? `host-${status}:${reason.slice(0, 200)}` : `host-${status}`,
      message: `${url} reported ${status}`,
    };
  }
  if (status !== "ran" || !isPlainObject(output))
    return {
      ok: false,
      code: "host-answer-malformed",
      message: `${url}: expected { "status": "ran", "output": { … } }`,
    };
  return { ok: true, answer: output, message: `external host ${url}` };
}
