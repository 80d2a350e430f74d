import { performance } from "node:perf_hooks";
import type { Studio } from "../test/support/processes";
import { median, percentile } from "./stats";

export type HttpFigures = {
  httpValidateP50Ms: number;
  httpValidateP95Ms: number;
  /** GET /api/health the same way: what any request through the server costs. */
  httpHealthP50Ms: number;
  graphMs: number;
  graphBytes: number;
  /** The first GET /api/graph after the server started: loads, validates and maps the org. */
  graphFirstMs: number;
  graphNodes: number;
  graphEdges: number;
};

async function timedGraph(origin: string): Promise<{ ms: number; bytes: number; nodes: number; edges: number }> {
  const start = performance.now();
  const response = await fetch(`${origin}/api/graph`);
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - start;
  if (!response.ok)
    throw new Error(`GET /api/graph answered ${response.status}: ${body.toString("utf8").slice(0, 500)}`);
  const graph = JSON.parse(body.toString("utf8")) as { nodes: unknown[]; edges: unknown[] };
  return { ms, bytes: body.length, nodes: graph.nodes.length, edges: graph.edges.length };
}

/**
 * Latency of `POST /api/org/validate` (one edited specialist, sequential requests on a kept-alive
 * connection, as the form sends them on blur) and of `GET /api/graph`, through a running server.
 */
export async function measureHttp(
  studio: Studio,
  draft: Record<string, unknown>,
  opts: { validateRuns: number; graphRuns: number },
): Promise<HttpFigures> {
  const first = await timedGraph(studio.origin);
  const graphs = [];
  for (let i = 0; i < opts.graphRuns; i++) graphs.push(await timedGraph(studio.origin));

  const body = JSON.stringify({ kind: "specialist", record: draft });
  const validate = async () => {
    const start = performance.now();
    const response = await fetch(`${studio.origin}/api/org/validate`, {
      method: "POST",
      headers: { origin: studio.origin, "content-type": "application/json" },
      body,
    });
    const result = (await response.json()) as { ok?: boolean; errors?: { message: string }[] };
    const ms = performance.now() - start;
    if (!response.ok || !result.ok)
      throw new Error(`POST /api/org/validate answered ${response.status}: ${JSON.stringify(result).slice(0, 500)}`);
    return ms;
  };
  const health = async () => {
    const start = performance.now();
    const response = await fetch(`${studio.origin}/api/health`);
    await response.arrayBuffer();
    return performance.now() - start;
  };
  for (let i = 0; i < 20; i++) await validate();
  const samples: number[] = [];
  const healthSamples: number[] = [];
  // Alternated, so both see the same machine.
  for (let i = 0; i < opts.validateRuns; i++) {
    samples.push(await validate());
    healthSamples.push(await health());
  }

  return {
    httpValidateP50Ms: median(samples),
    httpValidateP95Ms: percentile(samples, 95),
    httpHealthP50Ms: median(healthSamples),
    graphMs: median(graphs.map((g) => g.ms)),
    graphBytes: first.bytes,
    graphFirstMs: first.ms,
    graphNodes: first.nodes,
    graphEdges: first.edges,
  };
}
