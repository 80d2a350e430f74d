import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "@/test/support/processes";
import { makeTmpDirs } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";

/**
 * `construct-studio` refusing before it serves or runs anything: each bad input gets one line that
 * says the fix, exit 1, and the project's tree as it was. The real bin, run as a user would.
 */

let base: string;
let home: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ base, home, cleanup } = await makeTmpDirs("cs-open-"));
});

afterEach(async () => {
  await cleanup();
});

function cli(
  args: string[],
  extra: { nodeArgs?: string[]; modesBindRoot?: boolean; env?: Record<string, string> } = {},
) {
  const env = { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: path.join(base, "xdg"), ...extra.env };
  return runCli(args, { cwd: base, ...extra, env });
}

function oneLine(stderr: string): string {
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  return lines[0];
}

function listen(): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

describe("construct-studio open: bad input", () => {
  it("a project directory that does not exist: the fix, exit 1, nothing made", async () => {
    const before = await treeOf(base);
    const run = await cli(["open", "--root", "missing", "--port", "3999"]);
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toBe(
      `construct-studio: project directory ${path.join(base, "missing")} does not exist; create it or pass --root with an existing directory`,
    );
    expect(existsSync(path.join(base, "missing"))).toBe(false);
    expect(await treeOf(base)).toEqual(before);
  });

  it("a file given as the project, a port that is not one, a host it cannot listen on: the fix, nothing written", async () => {
    writeFileSync(path.join(base, "notes.txt"), "not a project\n");
    const before = await treeOf(base);
    const file = await cli(["open", "--root", "notes.txt", "--port", "3999"]);
    expect(file.code).toBe(1);
    expect(oneLine(file.stderr)).toBe(
      `construct-studio: ${path.join(base, "notes.txt")} is not a directory; pass --root with the project's directory`,
    );
    const port = await cli(["open", "--port", "eighty"]);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain("--port eighty is not a port");
    // 192.0.2.0/24 is reserved for documentation: no interface here holds it.
    const host = await cli(["open", "--host", "192.0.2.1", "--port", "3999"]);
    expect(host.code).toBe(1);
    expect(oneLine(host.stderr)).toBe(
      "construct-studio: cannot listen on 192.0.2.1:3999 (EADDRNOTAVAIL); pass --port or --host",
    );
    expect(await treeOf(base)).toEqual(before);
  });

  it("a project directory that is not writable: the fix, exit 1, nothing written", async () => {
    const root = path.join(base, "locked");
    mkdirSync(root);
    chmodSync(base, 0o755);
    chmodSync(root, 0o555);
    const before = await treeOf(base);
    // As root the bin runs without the capability to write through modes; as another user it needs none.
    const run = await cli(["--root", root, "--port", "3999"], { modesBindRoot: true });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toBe(
      `construct-studio: project directory ${root} is not writable; fix its permissions or pass --root with a directory you can write`,
    );
    expect(await treeOf(base)).toEqual(before);
  });

  it("a port in use, given by --port or by PORT to no command at all: the fix, exit 1, nothing written", async () => {
    const taken = await listen();
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const before = await treeOf(base);
      for (const run of [
        await cli(["--root", base, "--port", String(port)]),
        await cli([], { env: { PORT: String(port) } }),
      ]) {
        expect(run.code).toBe(1);
        expect(oneLine(run.stderr)).toBe(
          `construct-studio: port ${port} on 127.0.0.1 is in use; pass --port with a free port (or set PORT)`,
        );
      }
      expect(await treeOf(base)).toEqual(before);
    } finally {
      taken.close();
    }
  });
});

describe("construct-studio: refusals before any command", () => {
  it("an unsupported Node version: the fix, exit 1, nothing written", async () => {
    const before = await treeOf(base);
    // The only Node here is a supported one; the preload makes it report an old version to the bin.
    const older = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"18.19.0"})';
    const run = await cli(["validate", "--root", base], { nodeArgs: ["--import", older] });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toBe(
      "construct-studio: needs Node.js 20.9 or later, this is 18.19.0; install a current Node.js LTS (https://nodejs.org) and run it again",
    );
    expect(await treeOf(base)).toEqual(before);
  });

  it("another copy run in a project with its own install: the fix, exit 1, nothing written", async () => {
    const own = path.join(base, "node_modules", "construct-studio");
    mkdirSync(own, { recursive: true });
    writeFileSync(path.join(own, "package.json"), '{ "name": "construct-studio", "version": "0.1.0" }\n');
    const before = await treeOf(base);
    const runs = await Promise.all(
      [["validate"], ["fix-ignore"], ["--port", "3999"], ["mcp", "--root", "."]].map((args) => cli(args)),
    );
    for (const run of runs) {
      expect(run.code).toBe(1);
      expect(oneLine(run.stderr)).toMatch(
        /^construct-studio: .* has its own construct-studio in node_modules; run that one there \(npx construct-studio\), not this copy from /,
      );
    }
    expect(await treeOf(base)).toEqual(before);
  }, 60_000);
});
