import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** The repository: its bin is what a coding agent's `.mcp.json` launches. */
const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const MCP_BIN = path.join(APP_DIR, "bin", "construct-studio.mjs");

export type McpSession = {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
};

/** Spawns `construct-studio mcp` as an agent would; only the test's environment (plus PATH) reaches it. */
export async function startMcp(opts: {
  root: string;
  home: string;
  xdg: string;
  env?: Record<string, string>;
}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MCP_BIN, "mcp", "--root", opts.root],
    cwd: opts.root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? opts.home,
      CONSTRUCT_HOME: opts.home,
      XDG_CONFIG_HOME: opts.xdg,
      ...opts.env,
    },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "construct-studio-tests", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever shape each tool returns
): Promise<{ isError: boolean; text: string; data: any }> {
  const result = await client.callTool({ name, arguments: args });
  const content = (result.content ?? []) as { type: string; text?: string }[];
  return {
    isError: result.isError === true,
    text: content.map((c) => c.text ?? "").join("\n"),
    data: result.structuredContent,
  };
}
