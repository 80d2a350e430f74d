import net from "node:net";
import path from "node:path";
import { type Studio, startStudio } from "../test/support/processes";

/**
 * Bench studios: a port nobody else holds, and proof that the server answering there serves the
 * project and the org this run wrote. One run once reported a 1,000-node canvas as 29 nodes
 * because another server already listened on the bench's fixed port and answered its requests.
 */

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * A port free on 127.0.0.1. Without `wanted` the system picks one (listen on 0); a port asked
 * for by name (BENCH_PORT) is checked and refused with a message naming it when it is taken,
 * rather than silently replaced: whoever asked for it wants to know.
 */
export async function freePort(wanted?: number): Promise<number> {
  let server: net.Server;
  try {
    server = await listen(wanted ?? 0);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === "EADDRINUSE"
        ? `bench: port ${wanted} on 127.0.0.1 is already taken by another process; stop it, or unset BENCH_PORT to let the bench pick a free port`
        : `bench: port ${wanted} on 127.0.0.1 cannot be used: ${(error as Error).message}`,
    );
  }
  const { port } = server.address() as net.AddressInfo;
  await close(server);
  return port;
}

/** What a bench studio must serve: its project root, and the org's exact size. */
export type Expected = { root: string; nodes?: number; specialists?: number };

const getJson = async (origin: string, pathname: string): Promise<unknown> => {
  const response = await fetch(`${origin}${pathname}`);
  if (!response.ok) throw new Error(`bench: GET ${origin}${pathname} answered ${response.status}`);
  return response.json();
};

/**
 * Fails loudly unless the server at `origin` edits `expected.root` and its graph has exactly the
 * nodes and specialists generated. The graph is read through the API the page reads, so what is
 * checked is what the browser will draw.
 */
export async function expectServes(
  origin: string,
  expected: Expected,
): Promise<{ nodes: number; specialists: number }> {
  const health = (await getJson(origin, "/api/health")) as { root?: string };
  if (health.root !== path.resolve(expected.root))
    throw new Error(
      `bench: the server on ${origin} edits ${JSON.stringify(health.root)}, not this run's project ${expected.root}: another server holds the port`,
    );
  const graph = (await getJson(origin, "/api/graph")) as { nodes?: { kind?: string }[] };
  const nodes = graph.nodes?.length ?? 0;
  const specialists = graph.nodes?.filter((n) => n.kind === "specialist").length ?? 0;
  const wrong = [
    expected.nodes !== undefined && nodes !== expected.nodes
      ? `${nodes} nodes, not the ${expected.nodes} generated`
      : "",
    expected.specialists !== undefined && specialists !== expected.specialists
      ? `${specialists} specialists, not the ${expected.specialists} generated`
      : "",
  ].filter(Boolean);
  if (wrong.length) throw new Error(`bench: the studio on ${origin} serves ${wrong.join(" and ")}`);
  return { nodes, specialists };
}

/**
 * A studio for one bench row on a free port (BENCH_PORT, when set, is taken as is or refused),
 * checked to serve `expected` before anything is measured.
 */
export async function startBenchStudio(
  project: { root: string; home: string; xdg: string },
  expected: Omit<Expected, "root">,
  wantedPort?: number,
): Promise<Studio> {
  const port = await freePort(wantedPort);
  const studio = await startStudio({ port, ...project });
  try {
    await expectServes(studio.origin, { root: project.root, ...expected });
  } catch (error) {
    await studio.kill();
    throw error;
  }
  return studio;
}
