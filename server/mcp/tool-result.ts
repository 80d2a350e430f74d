import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolRefusal } from "@/schemas/mcp";
import { isAppError } from "../errors";

/** A tool's answer: the structured result, and the same as JSON text for clients that read only text. */
export function ok(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}

/**
 * A refused call: an error result whose text names the problem. With `structured` (change tools,
 * whose output schema has room for it), its structured content carries the FieldErrors as data
 * and, for a conflict, the record as it is now.
 */
export function refused(refusal: Omit<ToolRefusal, "ok">, structured = false): CallToolResult {
  const data: ToolRefusal = { ok: false, ...refusal };
  const lines = [
    `${refusal.code}: ${refusal.message}`,
    ...refusal.errors.map((e) => `${e.severity} ${e.id} at ${e.location}: ${e.message}`),
  ];
  return {
    isError: true,
    content: [{ type: "text", text: lines.join("\n") }],
    ...(structured ? { structuredContent: data as unknown as Record<string, unknown> } : {}),
  };
}

/**
 * Runs a tool body: a typed AppError becomes a refusal; anything else is logged to stderr and
 * reported without internals, and the server keeps serving.
 */
export async function guarded(body: () => Promise<CallToolResult>, structured = false): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (isAppError(error))
      return refused(
        {
          code: error.code,
          message: error.message,
          errors: error.errors ?? [],
          ...(error.current !== undefined ? { current: error.current } : {}),
        },
        structured,
      );
    console.error("[construct-studio mcp] unexpected error", error);
    return refused({ code: "io", message: "unexpected server error; see the server's stderr", errors: [] }, structured);
  }
}
