import { launchBrowser, newPage } from "./browser";
import { writeSyntheticOrg } from "./generate-org";
import { WATCH_FIRST_VIEW } from "./memory";
import { startBenchStudio } from "./studio";
import { tempProject } from "../test/support/temp-project";

const n = Number(process.env.N ?? 1000);
const project = tempProject({ prefix: "scratch-fv-" });
writeSyntheticOrg(project.root, n);
const { mkdirSync } = await import("node:fs");
mkdirSync(project.xdg, { recursive: true });
const studio = await startBenchStudio(project, {}, 3190);
const browser = await launchBrowser();
try {
  for (let i = 0; i < 4; i++) {
    const page = await newPage(browser, studio.origin, { width: 1440, height: 900 });
    await page.addInitScript(WATCH_FIRST_VIEW);
    const t0 = Date.now();
    await page.goto(`${studio.origin}/`, { waitUntil: "commit" });
    await page.waitForFunction(() => (window as { __firstViewAt?: number }).__firstViewAt, null, { timeout: 300_000 });
    const r = await page.evaluate((i) => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === "script")
        .map((e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.split("/").pop()} ${e.decodedBodySize}`);
      return {
        firstView: Math.round((window as { __firstViewAt?: number }).__firstViewAt!),
        responseStart: Math.round(nav.responseStart),
        responseEnd: Math.round(nav.responseEnd),
        domInteractive: Math.round(nav.domInteractive),
        dcl: Math.round(nav.domContentLoadedEventEnd),
        load: Math.round(nav.loadEventEnd),
        html: nav.decodedBodySize,
        scripts: i === 3 ? scripts : scripts.length,
      };
    }, i);
    console.log(JSON.stringify(r, null, i === 3 ? 1 : 0), Date.now() - t0);
    await page.context().close();
  }
} finally {
  await browser.close();
  await studio.kill();
}
