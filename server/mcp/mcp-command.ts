import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { composeServices } from "../compose";
import { BODY_LIMIT, UPLOAD_BODY_LIMIT } from "../http/guards";
import { createMcpServer } from "./mcp-server";
import { StrictStdioTransport } from "./strict-stdio";

/** Tools whose arguments may be as large as an upload; every other call is held to a request body's limit. */
const LARGE_TOOLS = new Set(["org_import"]);
const ENVELOPE_BYTES = 64 * 1024;

/** Stdout carries protocol messages only, so every log line goes to stderr. */
export async function mcpCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { root: { type: "string" } } });
  if (values.root && !existsSync(values.root)) {
    process.stderr.write(`--root ${values.root} does not exist\n`);
    return 2;
  }
  // Anything a service prints must not corrupt the protocol stream.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;

  const services = composeServices({ root: values.root, cache: true });
  const server = createMcpServer(services);
  const transport = new StrictStdioTransport({
    maxMessageBytes: UPLOAD_BODY_LIMIT + ENVELOPE_BYTES,
    toolLimit: (tool) => (LARGE_TOOLS.has(tool) ? UPLOAD_BODY_LIMIT : BODY_LIMIT) + ENVELOPE_BYTES,
  });
  await server.connect(transport);
  // connect() installs its own onclose; chain ours after it.
  const protocolClose = transport.onclose;
  const done = new Promise<void>((resolve) => {
    transport.onclose = () => {
      protocolClose?.();
      resolve();
    };
  });
  const stop = () => void transport.close();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.stderr.write(`[construct-studio mcp] serving ${services.paths.root} over stdio\n`);
  await done;
  services.close();
  return 0;
}
