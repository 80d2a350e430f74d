/**
 * Screenshots of the canvas for a person to look at: the built-in, upstream and 1,000-specialist
 * orgs, first view and focus, light and dark, at 1440 × 900. Asserts nothing; each studio runs in a
 * temporary project that is removed whatever happens.
 *
 *   npx next build && npx tsx scripts/screenshots.ts --out /tmp/shots
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Browser, chromium, type Page } from "@playwright/test";
import { writeSyntheticOrg } from "../bench/generate-org";
import { type Studio, startStudio } from "../test/support/processes";
import { APP_DIR } from "../test/support/temp-project";
import { UPSTREAM_ORG_DIR } from "../test/support/upstream";

const VIEWPORT = { width: 1440, height: 900 };
const UPSTREAM = existsSync(UPSTREAM_ORG_DIR) ? UPSTREAM_ORG_DIR : null;

type Org = {
  name: string;
  fill: (orgDir: string, root: string) => boolean;
  /** Undefined picks the specialist with the most relationships. */
  focus?: string;
};

const ORGS: Org[] = [
  { name: "builtin", fill: () => true, focus: "cx-security" },
  {
    name: "upstream",
    fill: (orgDir) => {
      if (!UPSTREAM) return false;
      cpSync(UPSTREAM, orgDir, { recursive: true });
      return true;
    },
  },
  {
    name: "org1000",
    fill: (_orgDir, root) => {
      writeSyntheticOrg(root, 1000);
      return true;
    },
  },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function busiest(origin: string): Promise<string> {
  const graph = (await (await fetch(`${origin}/api/graph`)).json()) as {
    nodes: { id: string; kind: string; entityId: string }[];
    edges: { kind: string; source: string; target: string }[];
  };
  const degree = new Map<string, number>();
  for (const e of graph.edges) {
    if (e.kind === "member") continue;
    for (const end of [e.source, e.target]) degree.set(end, (degree.get(end) ?? 0) + 1);
  }
  const specialists = graph.nodes.filter((n) => n.kind === "specialist").sort((a, b) => a.id.localeCompare(b.id));
  let best = specialists[0];
  for (const n of specialists) if ((degree.get(n.id) ?? 0) > (degree.get(best.id) ?? 0)) best = n;
  return best.entityId;
}

async function settle(page: Page) {
  const viewport = page.locator(".react-flow__viewport");
  let last = "";
  for (let i = 0; i < 60; i++) {
    const now = await viewport.evaluate((el) => (el as HTMLElement).style.transform);
    if (now && now === last) break;
    last = now;
    await page.waitForTimeout(250);
  }
  await page.waitForTimeout(300);
}

async function shoot(browser: Browser, origin: string, org: Org, focus: string, out: string): Promise<string[]> {
  const written: string[] = [];
  for (const scheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: scheme });
    await context.route("**/*", (route) =>
      route.request().url().startsWith(origin) || route.request().url().startsWith("data:")
        ? route.continue()
        : route.abort(),
    );
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/`);
      await page.locator(".react-flow__node").first().waitFor({ state: "attached", timeout: 60_000 });
      await settle(page);
      const first = path.join(out, `${org.name}-overview-${scheme}.png`);
      await page.screenshot({ path: first });
      written.push(first);

      const node = page.getByTestId(`node-specialist:${focus}`);
      if (!(await node.count())) {
        // Big orgs render only what is in view: reach the node through the palette.
        await page.keyboard.press("Control+k");
        const search = page.getByPlaceholder(/Find a record/);
        await search.waitFor({ timeout: 15_000 });
        await search.fill(focus);
        await page
          .getByRole("option", { name: new RegExp(focus) })
          .first()
          .waitFor({ timeout: 15_000 });
        await page.keyboard.press("Enter");
      }
      await node.waitFor({ state: "attached", timeout: 15_000 });
      await node.click();
      await page
        .getByTestId("focus-bar")
        .getByRole("button", { name: new RegExp(`Focus on ${focus}`) })
        .click();
      await page.waitForTimeout(800);
      const focused = path.join(out, `${org.name}-focus-${focus}-${scheme}.png`);
      await page.screenshot({ path: focused });
      written.push(focused);
    } catch (error) {
      const failed = path.join(out, `${org.name}-${scheme}-FAILED.png`);
      await page.screenshot({ path: failed }).catch(() => undefined);
      console.error(`[screenshots] ${org.name} ${scheme}: ${(error as Error).message.split("\n")[0]} (see ${failed})`);
    } finally {
      await context.close();
    }
  }
  return written;
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" }, only: { type: "string" } } });
  if (!values.out) throw new Error("usage: npx tsx scripts/screenshots.ts --out DIR [--only builtin,upstream,org1000]");
  if (!existsSync(path.join(APP_DIR, ".next", "BUILD_ID")))
    throw new Error("no production build: run `npx next build` first");
  const out = path.resolve(values.out);
  mkdirSync(out, { recursive: true });
  const only = values.only?.split(",");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
  });
  const studios = new Set<Studio>();
  const roots = new Set<string>();
  const cleanUp = async () => {
    await Promise.all([...studios].map((s) => s.kill()));
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  try {
    for (const org of ORGS) {
      if (only && !only.includes(org.name)) continue;
      const root = mkdtempSync(path.join(os.tmpdir(), `studio-shots-${org.name}-`));
      roots.add(root);
      const orgDir = path.join(root, ".cx", "org");
      for (const dir of ["home", "xdg", orgDir]) mkdirSync(path.resolve(root, dir), { recursive: true });
      if (!org.fill(orgDir, root)) {
        console.log(`[screenshots] ${org.name}: skipped, no upstream org at ${UPSTREAM_ORG_DIR}`);
        continue;
      }
      const studio = await startStudio({
        port: await freePort(),
        root,
        home: path.join(root, "home"),
        xdg: path.join(root, "xdg"),
      });
      studios.add(studio);
      try {
        const focus = org.focus ?? (await busiest(studio.origin));
        for (const file of await shoot(browser, studio.origin, org, focus, out)) console.log(file);
      } finally {
        await studio.kill();
        studios.delete(studio);
      }
    }
  } finally {
    await browser.close();
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
