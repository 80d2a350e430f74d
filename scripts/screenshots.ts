/**
 * Screenshots of the canvas for a person to look at (issue 16): the built-in org, the upstream org
 * and a 1,000-specialist org, each in its first view and in focus on one specialist, light and dark,
 * at 1440 × 900. A tool, not a test: it asserts nothing, it writes PNGs.
 *
 *   npx next build && npx tsx scripts/screenshots.ts --out /tmp/shots
 *
 * Each studio runs on a free port the system hands out and in a temporary project, and is stopped
 * (with its project removed) before the script ends, whatever happens.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Browser, chromium, type Page } from "@playwright/test";
import { writeSyntheticOrg } from "../bench/generate-org";
import { APP_DIR, type Studio, startStudio } from "../e2e/spawn-studio";
import { UPSTREAM_ORG_DIR } from "../test/support/upstream";

const VIEWPORT = { width: 1440, height: 900 };
/** Where the conformance suite finds the upstream org (`CONSTRUCT_UPSTREAM_ORG` to point elsewhere). */
const UPSTREAM = existsSync(UPSTREAM_ORG_DIR) ? UPSTREAM_ORG_DIR : null;

type Org = {
  name: string;
  /** Fills the temporary project's `.cx/org/`; false when the org cannot be had here. */
  fill: (orgDir: string, root: string) => boolean;
  /** The specialist to focus on; undefined picks the one with the most relationships. */
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

/** A port nobody listens on now: the system picks it. */
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

/** The specialist with the most relationships (ties: the first by id), from the studio's own graph. */
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

/** Waits until the first fit has stopped moving the viewport. */
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
    // The studio works offline: nothing but its own origin is fetched.
    await context.route("**/*", (route) =>
      route.request().url().startsWith(origin) || route.request().url().startsWith("data:")
        ? route.continue()
        : route.abort(),
    );
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/`);
      // A big org opens with its teams folded: a team box, not a specialist, is what shows first there.
      await page.locator(".react-flow__node").first().waitFor({ state: "attached", timeout: 60_000 });
      await settle(page);
      const first = path.join(out, `${org.name}-overview-${scheme}.png`);
      await page.screenshot({ path: first });
      written.push(first);

      // Focus mode through the canvas, as a user reaches it: find the node, select it, press Focus.
      const node = page.getByTestId(`node-specialist:${focus}`);
      if (!(await node.count())) {
        // Big orgs render only what is in view: bring the node into view through the palette's search.
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
      // The panel stays open, as it does for the user; the focus fits the canvas left beside it.
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
