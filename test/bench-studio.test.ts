import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { expectServes, freePort, startBenchStudio } from "../bench/studio";

// vitest's include does not cover bench/, so the bench's own guard is tested here, on real sockets.

const servers: (net.Server | http.Server)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

function occupy(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    servers.push(server);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
  });
}

/** Another server on the machine that answers like a studio, editing some other project. */
function impostor(root: string, nodes: { kind: string }[]): Promise<string> {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/api/health") res.end(JSON.stringify({ ok: true, root }));
      else if (req.url === "/api/graph") res.end(JSON.stringify({ nodes, edges: [] }));
      else res.writeHead(404).end("{}");
    });
    servers.push(server);
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`));
  });
}

const someNodes = (specialists: number, others: number) => [
  ...Array.from({ length: specialists }, () => ({ kind: "specialist" })),
  ...Array.from({ length: others }, () => ({ kind: "team" })),
];

describe("the bench's port", () => {
  it("refuses a port asked for by name that another process listens on, naming it", async () => {
    const taken = await occupy();
    await expect(freePort(taken)).rejects.toThrow(`port ${taken} on 127.0.0.1 is already taken by another process`);
  });

  it("otherwise picks a port nobody holds", async () => {
    const taken = await occupy();
    const port = await freePort();
    expect(port).not.toBe(taken);
    await expect(
      new Promise<void>((resolve, reject) => {
        const probe = net.createServer().once("error", reject);
        probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
      }),
    ).resolves.toBeUndefined();
  });

  it("starts no studio on a taken port", async () => {
    const taken = await occupy();
    const project = { root: "/nonexistent/bench", home: "/nonexistent/home", xdg: "/nonexistent/xdg" };
    await expect(startBenchStudio(project, { nodes: 1000 }, taken)).rejects.toThrow(`port ${taken}`);
  });
});

describe("the org a bench studio serves", () => {
  it("is refused when the server answering edits another project", async () => {
    const origin = await impostor("/somewhere/else", someNodes(874, 29));
    await expect(expectServes(origin, { root: "/tmp/studio-bench-1000", nodes: 1000 })).rejects.toThrow(
      'edits "/somewhere/else", not this run\'s project /tmp/studio-bench-1000',
    );
  });

  it("is refused when its graph has other counts than generated, and accepted when exact", async () => {
    const origin = await impostor("/tmp/studio-bench-1000", someNodes(20, 9));
    await expect(
      expectServes(origin, { root: "/tmp/studio-bench-1000", nodes: 1000, specialists: 874 }),
    ).rejects.toThrow("serves 29 nodes, not the 1000 generated and 20 specialists, not the 874 generated");
    await expect(expectServes(origin, { root: "/tmp/studio-bench-1000", nodes: 29, specialists: 20 })).resolves.toEqual(
      {
        nodes: 29,
        specialists: 20,
      },
    );
  });
});
