import type { McpServer, ToolCallback } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  McpError,
  type ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { buildPointer } from "@/lib/json/pointer";
import { nearestName } from "@/lib/text/nearest";
import type { FieldError } from "@/schemas/field-error";
import { refused } from "./tool-result";

type ToolConfig<I extends z.ZodObject> = {
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
};

type Entry = {
  input: z.ZodObject;
  output: z.ZodObject;
  run: (args: never) => Promise<CallToolResult>;
};

/** Array items and object members counted until `max` is passed, so a huge argument stops early. */
function elementCount(value: unknown, max: number): number {
  let count = 0;
  const stack = [value];
  while (stack.length && count <= max) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    const children = Array.isArray(node) ? node : Object.values(node);
    count += children.length;
    for (const child of children) if (child !== null && typeof child === "object") stack.push(child);
  }
  return count;
}

/** Each argument problem as a FieldError at `#/arguments/<path>`; an unknown argument names the one it likely meant. */
function argumentErrors(input: z.ZodObject, error: z.ZodError): FieldError[] {
  const known = Object.keys(input.shape);
  return error.issues.flatMap((issue): FieldError[] => {
    const path = issue.path.map(String);
    if (issue.code === "unrecognized_keys")
      return issue.keys.map((key) => {
        const near = path.length === 0 ? nearestName(key, known) : undefined;
        return {
          id: "invalid-arguments",
          severity: "error",
          message: `unknown argument "${[...path, key].join(".")}"${near ? `; did you mean "${near}"?` : ""}`,
          location: buildPointer("arguments", ...path, key),
          field: key,
        };
      });
    return [
      {
        id: "invalid-arguments",
        severity: "error",
        message: `${path.join(".") || "arguments"}: ${issue.message}`,
        location: buildPointer("arguments", ...path),
        ...(path.length ? { field: path[path.length - 1] } : {}),
      },
    ];
  });
}

/**
 * The MCP server's tools, called through one handler of ours rather than the SDK's, so that every
 * refusal (bad arguments included) is the `{ ok: false, code, message, errors }` the instructions
 * promise, and an argument nobody defines (`aply`) is refused instead of dropped.
 */
export class ToolTable {
  private readonly tools = new Map<string, Entry>();

  constructor(
    private readonly server: McpServer,
    private readonly maxElements: number,
  ) {}

  add<I extends z.ZodObject>(
    name: string,
    config: ToolConfig<I>,
    run: (args: z.output<I>) => Promise<CallToolResult>,
  ): void {
    const input = config.inputSchema.strict();
    // Listed by the SDK (JSON Schema with additionalProperties: false); called through `serve`.
    this.server.registerTool(name, { ...config, inputSchema: input }, run as unknown as ToolCallback<typeof input>);
    this.tools.set(name, { input, output: config.outputSchema, run });
  }

  serve(): void {
    this.server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name } = request.params;
      const tool = this.tools.get(name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${name.slice(0, 64)} not found`);
      const args = request.params.arguments ?? {};
      if (elementCount(args, this.maxElements) > this.maxElements)
        return refused({
          code: "bad_request",
          message: `the arguments of ${name} hold more than ${this.maxElements} elements; nothing was done`,
          errors: [],
        });
      const parsed = tool.input.safeParse(args);
      if (!parsed.success)
        return refused({
          code: "bad_request",
          message: `the arguments of ${name} do not have the expected shape; nothing was done`,
          errors: argumentErrors(tool.input, parsed.error),
        });
      const result = await tool.run(parsed.data as never);
      if (result.isError || tool.output.safeParse(result.structuredContent).success) return result;
      console.error(`[construct-studio mcp] ${name} answered outside its output schema`);
      return refused({ code: "io", message: "unexpected server error; see the server's stderr", errors: [] });
    });
  }
}
