import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolRefusal } from "@/schemas/mcp";
import { isAppError } from "../errors";

/** The same result as JSON text too, for clients that read only text. */
export function ok(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}

/** A refusal as data (FieldErrors, a conflict's current record) and as lines of text. */
export function refused(refusal: Omit<ToolRefusal, "ok">): CallToolResult {
  const data: ToolRefusal = { ok: false, ...refusal };
  const lines = [
    `${refusal.code}: ${refusal.message}`,
    ...refusal.errors.map((e) => `${e.severity} ${e.id} at ${e.location}: ${e.message}`),
  ];
  return {
    isError: true,
    content: [{ type: "text", text: lines.join("\n") }],
    structuredContent: data as unknown as Record<string, unknown>,
  };
}

/** An AppError becomes a refusal; anything else is logged and reported without internals, and serving goes on. */
export async function guarded(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (isAppError(error))
      return refused({
        code: error.code,
        message: error.message,
        errors: error.errors ?? [],
        ...(error.current !== undefined ? { current: error.current } : {}),
      });
    console.error("[construct-studio mcp] unexpected error", error);
    return refused({ code: "io", message: "unexpected server error; see the server's stderr", errors: [] });
  }
}
