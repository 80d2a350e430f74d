import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { expect, test } from "@playwright/test";
import { APP_DIR, type TempProject, tempProject } from "../test/support/temp-project";
import { EditorPage } from "./pages/editor-page";

/**
 * The package as a user gets it: packed from this clone (reusing the build `npm test` made),
 * installed into a fresh project with an empty npm cache, then run there through `npx`.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(300_000);

let project: TempProject;
let scratch: string;
let env: NodeJS.ProcessEnv;
const sizes = { packed: 0, unpacked: 0 };

function npx(args: string[]): string {
  return execFileSync("npx", ["construct-studio", ...args], { cwd: project.root, env, encoding: "utf8" });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function bytesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

test.beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "studio-package-"));
  project = tempProject({ prefix: "studio-package-project-", home: "inside" });
  // The runner's own settings (its project, its npm) stay out: the package meets a user's shell.
  env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(CONSTRUCT_|E2E_|npm_|XDG_CONFIG_HOME$|NODE_OPTIONS$)/i.test(key)),
  ) as NodeJS.ProcessEnv;
  Object.assign(env, {
    HOME: project.home,
    CONSTRUCT_HOME: project.home,
    XDG_CONFIG_HOME: project.xdg,
    npm_config_cache: path.join(scratch, "npm-cache"),
    npm_config_update_notifier: "false",
    NEXT_TELEMETRY_DISABLED: "1",
  });
  execFileSync("npm", ["pack", "--pack-destination", scratch], {
    cwd: APP_DIR,
    env: { ...env, CONSTRUCT_SKIP_BUILD: "1" },
    stdio: "ignore",
  });
  const tarball = path.join(scratch, readdirSync(scratch).find((name) => name.endsWith(".tgz")) ?? "");
  writeFileSync(path.join(project.root, "package.json"), '{ "name": "a-project", "private": true }\n');
  execFileSync("npm", ["install", "--save-dev", "--no-audit", "--no-fund", tarball], {
    cwd: project.root,
    env,
    stdio: "ignore",
  });
  sizes.packed = statSync(tarball).size;
  sizes.unpacked = bytesUnder(path.join(project.root, "node_modules", "construct-studio"));
});

test.afterAll(() => {
  project?.remove();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("the installed package holds what it runs, not the sources, tests, bench or fixtures, and brings no dependency", () => {
  const modules = path.join(project.root, "node_modules");
  expect(readdirSync(modules).filter((name) => !name.startsWith("."))).toEqual(["construct-studio"]);
  const installed = path.join(modules, "construct-studio");
  expect(readdirSync(installed).sort()).toEqual(["README.md", "bin", "dist", "package.json", "specialists"]);
  expect(existsSync(path.join(installed, "dist", "cli.mjs"))).toBe(true);
  expect(existsSync(path.join(installed, "dist", "editor", ".next", "BUILD_ID"))).toBe(true);
  test
    .info()
    .annotations.push(
      { type: "packed-bytes", description: String(sizes.packed) },
      { type: "unpacked-bytes", description: String(sizes.unpacked) },
    );
});

test("validate runs from the installed package", () => {
  expect(npx(["validate"])).toMatch(/entities in the merged org of .*: 0 error\(s\), 0 warning\(s\)/);
});

test("the MCP server of the README's .mcp.json lists its tools to the SDK's client over stdio", async () => {
  const transport = new StdioClientTransport({
    command: "npx",
    args: ["construct-studio", "mcp", "--root", "."],
    cwd: project.root,
    env: env as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "construct-studio-package-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["org_list", "org_validate", "org_plan"]));
  } finally {
    await client.close();
  }
});

test("npx construct-studio serves the editor for the project and Chromium renders it", async ({ page }) => {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn("npx", ["construct-studio", "--port", String(port)], {
    cwd: project.root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk: Buffer) => (output += chunk));
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toContain(`open http://127.0.0.1:${port}/`);
    expect(output).toContain(`editing ${project.root}`);
    const editor = new EditorPage(page, `http://127.0.0.1:${port}`);
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    await editor.open();
    test.info().annotations.push({
      type: "npx-to-first-page-ms",
      description: String(Math.round(performance.now() - started)),
    });
    expect(editor.consoleErrors).toEqual([]);
  } finally {
    // npx does not pass a signal on to the command it runs: the whole group goes.
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  }
});
