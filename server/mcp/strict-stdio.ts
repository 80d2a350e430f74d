import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { JsonProblem, parseJsonBytes } from "@/lib/json/safe-json";

export type StrictStdioOptions = {
  /** Longest line read at all; the rest of a longer one is skipped, never buffered. */
  maxMessageBytes: number;
  /** Largest `tools/call` message accepted for a tool. */
  toolLimit: (tool: string) => number;
};

const JSONRPC_PARSE_ERROR = -32700;
const JSONRPC_INVALID_REQUEST = -32600;
const EDGE_BYTES = 512;

type Envelope = { id?: unknown; method?: unknown; params?: { name?: unknown } };

function envelopeOf(text: string): Envelope {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Envelope) : {};
  } catch {
    return {};
  }
}

/** For a line too long to keep: clients put `id` at either end. */
function envelopeOfEdges(head: string, tail: string): Envelope {
  const idAt = (text: string, anchored: boolean) =>
    new RegExp(`"id"\\s*:\\s*(-?\\d+|"(?:[^"\\\\]|\\\\.){0,200}")${anchored ? "\\s*\\}\\s*$" : ""}`).exec(text)?.[1];
  const id = idAt(tail, true) ?? idAt(head, false);
  const method = /"method"\s*:\s*"([^"]{1,100})"/.exec(head)?.[1] ?? /"method"\s*:\s*"([^"]{1,100})"/.exec(tail)?.[1];
  return { id: id === undefined ? undefined : JSON.parse(id), method };
}

/**
 * The HTTP API's input rules over stdio: strict JSON and a size limit per tool. A message that breaks them
 * is answered, never dropped. Stdout carries protocol messages only.
 */
export class StrictStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  private overflow: { head: string; tail: Buffer } | null = null;
  private closed = false;

  constructor(
    private readonly options: StrictStdioOptions,
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      this.hold(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  };

  private readonly onEnd = () => {
    void this.close();
  };

  private hold(part: Buffer): void {
    if (part.length === 0) return;
    if (this.overflow) {
      this.overflow.tail = Buffer.concat([this.overflow.tail, part]).subarray(-EDGE_BYTES);
      return;
    }
    if (this.buffered + part.length > this.options.maxMessageBytes) {
      const head = Buffer.concat([...this.chunks, part.subarray(0, EDGE_BYTES)]).subarray(0, EDGE_BYTES);
      this.overflow = { head: head.toString("utf8"), tail: part.subarray(-EDGE_BYTES) };
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    this.chunks.push(part);
    this.buffered += part.length;
  }

  private endLine(): void {
    if (this.overflow) {
      const { head, tail } = this.overflow;
      this.overflow = null;
      this.refuse(
        envelopeOfEdges(head, tail.toString("utf8")),
        `the message is larger than ${this.options.maxMessageBytes} bytes; nothing was done`,
        JSONRPC_INVALID_REQUEST,
      );
      return;
    }
    let line = Buffer.concat(this.chunks);
    this.chunks = [];
    this.buffered = 0;
    if (line.length && line[line.length - 1] === 0x0d) line = line.subarray(0, -1);
    if (line.toString("latin1").trim() === "") return;
    this.accept(line);
  }

  private accept(line: Buffer): void {
    let value: unknown;
    try {
      value = parseJsonBytes(line);
    } catch (error) {
      if (!(error instanceof JsonProblem)) throw error;
      const envelope = envelopeOf(line.toString("utf8"));
      this.refuse(envelope, `the message is not acceptable JSON: ${error.message}`, JSONRPC_PARSE_ERROR);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.refuse(value as Envelope, "the message is not a JSON-RPC 2.0 message", JSONRPC_INVALID_REQUEST);
      return;
    }
    const envelope = value as Envelope;
    if (envelope.method === "tools/call") {
      const tool = String(envelope.params?.name ?? "");
      const limit = this.options.toolLimit(tool);
      if (line.length > limit) {
        this.refuse(envelope, `the arguments of ${tool.slice(0, 64)} are larger than ${limit} bytes; nothing was done`);
        return;
      }
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(envelope: Envelope, message: string, code = JSONRPC_INVALID_REQUEST): void {
    console.error(`[construct-studio mcp] refused a message: ${message}`);
    const id = typeof envelope.id === "string" || typeof envelope.id === "number" ? envelope.id : undefined;
    if (id !== undefined && envelope.method === "tools/call") {
      void this.send({
        jsonrpc: "2.0",
        id,
        result: {
          content: [{ type: "text", text: `bad_request: ${message}` }],
          structuredContent: { ok: false, code: "bad_request", message, errors: [] },
          isError: true,
        },
      });
      return;
    }
    if (id !== undefined || code === JSONRPC_PARSE_ERROR)
      this.write({ jsonrpc: "2.0", id: id ?? null, error: { code, message } });
  }

  async start(): Promise<void> {
    this.stdin.on("data", this.onData);
    this.stdin.on("end", this.onEnd);
    this.stdin.on("error", (error: Error) => this.onerror?.(error));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("end", this.onEnd);
    this.stdin.pause();
    this.chunks = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", resolve);
    });
  }
}
